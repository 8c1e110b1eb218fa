/** The Authentication API's routes and the test-only admin routes (router.ts adds /api/v2). */
import type { Route } from '../http/types.js';
import { sendEmpty } from '../http/http-io.js';
import {
  adminAddFault,
  adminClearFaults,
  adminCreateSession,
  adminFaults,
  adminOutbox,
  adminRequests,
  adminReset,
  adminRotateKeys,
  adminSetSwitches,
  adminSwitches,
} from './admin.js';
import { authorize } from './authorize.js';
import {
  challengePreflight,
  loginChallenge,
  passwordlessChallenge,
  passwordResetChallenge,
  signupChallenge,
} from './captcha-check.js';
import { dbChangePassword, dbPreflight, dbSignup } from './dbconnections.js';
import {
  passwordlessPreflight,
  passwordlessStart,
  passwordlessVerify,
  passwordlessVerifyRedirect,
} from './passwordless.js';
import { resetPage, resetSubmit } from './password-reset.js';
import { passkeyChallenge, passkeyPreflight, passkeyRegister } from './passkey.js';
import { coAuthenticate, coAuthenticatePreflight } from './co-authenticate.js';
import { coVerifyGet, coVerifyPost } from './co-login.js';
import { AVATAR_PATH, avatar } from './avatar.js';
import { CLIENT_SETTINGS_PATH, clientSettingsScript } from './client-settings.js';
import { TEST_USER_SCRIPT_PATH, testUserScript } from './test-user.js';
import { discoveryPreflight, jwks, openidConfiguration } from './discovery.js';
import { loginCallback, usernamePasswordLogin } from './hosted-login.js';
import { LOGIN_PAGE_ASSET_PATH, loginPageAsset, STATIC_PATH, staticAsset } from './static-assets.js';
import { delegation, legacyPreflight, oauthRo } from './legacy.js';
import { logout } from './logout.js';
import { geolocCountry, ssoData, userPreflight } from './sso-data.js';
import { revoke, revokePreflight } from './revoke.js';
import { token, tokenPreflight } from './token.js';
import { userinfo, userinfoPreflight } from './userinfo.js';

export const AUTHENTICATION_ROUTES: readonly Route[] = [
  { path: '/authorize', methods: { GET: authorize } },
  { path: '/usernamepassword/login', methods: { POST: usernamePasswordLogin } },
  { path: '/login/callback', methods: { POST: loginCallback } },
  { path: STATIC_PATH, methods: { GET: staticAsset } },
  { path: LOGIN_PAGE_ASSET_PATH, methods: { GET: loginPageAsset } },
  { path: '/co/authenticate', methods: { POST: coAuthenticate, OPTIONS: coAuthenticatePreflight } },
  { path: '/co/verify', methods: { GET: coVerifyGet, POST: coVerifyPost } },
  { path: '/oauth/token', methods: { POST: token, OPTIONS: tokenPreflight } },
  { path: '/oauth/token/', methods: { POST: token, OPTIONS: tokenPreflight } },
  { path: '/oauth/revoke', methods: { POST: revoke, OPTIONS: revokePreflight } },
  { path: '/dbconnections/signup', methods: { POST: dbSignup, OPTIONS: dbPreflight } },
  { path: '/dbconnections/change_password', methods: { POST: dbChangePassword, OPTIONS: dbPreflight } },
  { path: '/lo/reset', methods: { GET: resetPage, POST: resetSubmit } },
  { path: '/passwordless/start', methods: { POST: passwordlessStart, OPTIONS: passwordlessPreflight } },
  { path: '/passwordless/verify', methods: { POST: passwordlessVerify, OPTIONS: passwordlessPreflight } },
  { path: '/passwordless/verify_redirect', methods: { GET: passwordlessVerifyRedirect } },
  { path: '/passkey/register', methods: { POST: passkeyRegister, OPTIONS: passkeyPreflight } },
  { path: '/passkey/challenge', methods: { POST: passkeyChallenge, OPTIONS: passkeyPreflight } },
  { path: '/usernamepassword/challenge', methods: { POST: loginChallenge, OPTIONS: challengePreflight } },
  { path: '/dbconnections/signup/challenge', methods: { POST: signupChallenge, OPTIONS: challengePreflight } },
  {
    path: '/dbconnections/change_password/challenge',
    methods: { POST: passwordResetChallenge, OPTIONS: challengePreflight },
  },
  { path: '/passwordless/challenge', methods: { POST: passwordlessChallenge, OPTIONS: challengePreflight } },
  { path: '/user/ssodata', methods: { GET: ssoData, OPTIONS: userPreflight } },
  { path: '/user/geoloc/country', methods: { GET: geolocCountry, OPTIONS: userPreflight } },
  { path: '/delegation', methods: { POST: delegation, OPTIONS: legacyPreflight } },
  { path: '/oauth/ro', methods: { POST: oauthRo, OPTIONS: legacyPreflight } },
  { path: '/userinfo', methods: { GET: userinfo, POST: userinfo, OPTIONS: userinfoPreflight } },
  { path: '/v2/logout', methods: { GET: logout } },
  { path: '/.well-known/jwks.json', methods: { GET: jwks, OPTIONS: discoveryPreflight } },
  { path: '/.well-known/openid-configuration', methods: { GET: openidConfiguration, OPTIONS: discoveryPreflight } },
  { path: AVATAR_PATH, methods: { GET: avatar } },
  { path: CLIENT_SETTINGS_PATH, methods: { GET: clientSettingsScript } },
  { path: TEST_USER_SCRIPT_PATH, methods: { GET: testUserScript } },
  // Browsers ask for it on every page; an empty answer keeps their consoles free of 404 noise.
  {
    path: '/favicon.ico',
    methods: { GET: (ctx) => sendEmpty(ctx.res, 204, { 'Cache-Control': 'public, max-age=86400' }) },
  },
];

export const ADMIN_ROUTES: readonly Route[] = [
  {
    path: '/__admin/faults',
    methods: { GET: adminFaults, POST: adminAddFault, DELETE: adminClearFaults },
    admin: true,
  },
  { path: '/__admin/sessions', methods: { POST: adminCreateSession }, admin: true },
  { path: '/__admin/requests', methods: { GET: adminRequests }, admin: true },
  { path: '/__admin/reset', methods: { POST: adminReset }, admin: true },
  { path: '/__admin/outbox', methods: { GET: adminOutbox }, admin: true },
  { path: '/__admin/rotate-keys', methods: { POST: adminRotateKeys }, admin: true },
  {
    path: '/__admin/switches',
    methods: { GET: adminSwitches, POST: adminSetSwitches },
    admin: true,
  },
];
