// The app: three routes (/ with the verified claims, /profile with Management calls, /callback for
// the login's answer), the session renewed by the library's refresh token (kept in localStorage, so a
// reload signs in again), and a Management token asked for on demand, kept in memory only.
import './style.css';
import { authorizeManagement, handleCallback, login, logout, renew, type Session } from './auth.js';
import { readProfile, saveMetadata, type Metadata } from './profile.js';
import { navigate, startRouter } from './router.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
let session: Session | null = null;
/** For the profile page; gone on reload (the Management API issues no refresh token). */
let managementToken: string | undefined;
let renewTimer: ReturnType<typeof setTimeout> | undefined;

function showError(err: unknown): void {
  const e = err as { code?: string; error?: string; description?: string; message?: string };
  $('error').textContent = `${e.code ?? e.error ?? 'error'}: ${e.description ?? e.message ?? ''}`;
  $('error').hidden = false;
}

function fillTable(id: string, rows: Record<string, unknown>): void {
  const body = $<HTMLTableElement>(id).tBodies[0]!;
  body.replaceChildren();
  for (const [name, value] of Object.entries(rows)) {
    const row = body.insertRow();
    row.append(Object.assign(document.createElement('th'), { textContent: name }));
    row.insertCell().textContent = typeof value === 'string' ? value : JSON.stringify(value);
  }
}

function signedIn(next: Session, how: string): void {
  session = next;
  $('error').hidden = true;
  $('status').textContent = `Signed in as ${next.claims.email}.`;
  $('renewed').textContent =
    `${how} at ${new Date().toLocaleTimeString()}; the access token expires in ${next.expiresIn} s.`;
  fillTable('claims', next.claims);
  document.body.classList.add('signed-in');
  // Silent renewal a minute before the access token expires.
  clearTimeout(renewTimer);
  // setTimeout takes at most 2^31 - 1 ms (about 24 days).
  const delay = Math.min(Math.max(next.expiresIn - 60, 10) * 1000, 2 ** 31 - 1);
  renewTimer = setTimeout(() => void refresh('Renewed silently'), delay);
}

function signedOut(): void {
  session = null;
  managementToken = undefined;
  clearTimeout(renewTimer);
  $('status').textContent = 'Not signed in.';
  document.body.classList.remove('signed-in');
}

async function refresh(how: string): Promise<void> {
  try {
    const next = await renew();
    if (next) signedIn(next, how);
    else signedOut();
  } catch (err) {
    showError(err);
  }
}

function showView(name: 'home' | 'profile'): void {
  for (const view of document.querySelectorAll<HTMLElement>('[data-view]')) view.hidden = view.dataset.view !== name;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('nav a')) {
    link.toggleAttribute('aria-current', link.pathname === location.pathname);
  }
}

function showStored(metadata: Metadata | undefined): void {
  $('stored-metadata').textContent = JSON.stringify(metadata ?? {});
}

async function profileRoute(): Promise<void> {
  showView('profile');
  $('management-consent').hidden = !session || !!managementToken;
  $('management').hidden = !session || !managementToken;
  if (!session || !managementToken) return;
  try {
    const user = await readProfile(managementToken, session.claims.sub);
    const { user_id, email, email_verified, name, nickname, updated_at } = user;
    fillTable('profile', { user_id, email, email_verified, name, nickname, updated_at });
    $<HTMLTextAreaElement>('metadata').value = JSON.stringify(user.user_metadata ?? {}, null, 2);
    showStored(user.user_metadata);
  } catch (err) {
    showError(err);
  }
}

async function save(): Promise<void> {
  if (!session || !managementToken) return;
  $('saved').textContent = '';
  try {
    const metadata = JSON.parse($<HTMLTextAreaElement>('metadata').value) as unknown;
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw new Error('Enter a JSON object.');
    await saveMetadata(managementToken, session.claims.sub, metadata as Metadata);
    // Read it back from the tenant rather than trusting what was sent.
    const user = await readProfile(managementToken, session.claims.sub);
    showStored(user.user_metadata);
    $('saved').textContent = `Saved at ${new Date().toLocaleTimeString()}.`;
  } catch (err) {
    showError(err);
  }
}

async function callbackRoute(): Promise<void> {
  $('status').textContent = 'Signing in…';
  try {
    const { session: next, returnTo, managementToken: token } = await handleCallback();
    managementToken = token;
    signedIn(next, 'Signed in');
    navigate(returnTo, { replace: true }); // the code leaves the address bar and history
  } catch (err) {
    signedOut();
    $('status').textContent = 'Sign-in failed.';
    showError(err);
    navigate('/', { replace: true });
  }
}

$('login').addEventListener('click', () => void login(location.pathname));
$('renew').addEventListener('click', () => void refresh('Renewed silently'));
$('logout').addEventListener('click', logout);
$('allow-management').addEventListener('click', () => authorizeManagement(location.pathname));
$('metadata-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void save();
});

// Not coming back from a login: the held refresh token, if any, signs the user in silently.
if (location.pathname !== '/callback') await refresh('Signed in by the refresh token');
startRouter({ '/': () => showView('home'), '/profile': profileRoute, '/callback': callbackRoute }, () =>
  navigate('/', { replace: true }),
);
