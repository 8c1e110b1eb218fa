// The app: three routes (/ with the verified claims, /profile with Management calls, /callback for
// the login's answer), a session kept in memory only, and its silent renewal.
import './style.css';
import { handleCallback, login, logout, renew, type Session } from './auth.js';
import { readProfile, saveMetadata, type Metadata } from './profile.js';
import { navigate, startRouter } from './router.js';

const $ = <T extends HTMLElement = HTMLElement>(id: string): T => document.getElementById(id) as T;
let session: Session | null = null;
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
  if (!session) return;
  try {
    const user = await readProfile(session.accessToken, session.claims.sub);
    const { user_id, email, email_verified, name, nickname, updated_at } = user;
    fillTable('profile', { user_id, email, email_verified, name, nickname, updated_at });
    $<HTMLTextAreaElement>('metadata').value = JSON.stringify(user.user_metadata ?? {}, null, 2);
    showStored(user.user_metadata);
  } catch (err) {
    showError(err);
  }
}

async function save(): Promise<void> {
  if (!session) return;
  $('saved').textContent = '';
  try {
    const metadata = JSON.parse($<HTMLTextAreaElement>('metadata').value) as unknown;
    if (!metadata || typeof metadata !== 'object' || Array.isArray(metadata)) throw new Error('Enter a JSON object.');
    await saveMetadata(session.accessToken, session.claims.sub, metadata as Metadata);
    // Read it back from the tenant rather than trusting what was sent.
    const user = await readProfile(session.accessToken, session.claims.sub);
    showStored(user.user_metadata);
    $('saved').textContent = `Saved at ${new Date().toLocaleTimeString()}.`;
  } catch (err) {
    showError(err);
  }
}

async function callbackRoute(url: URL): Promise<void> {
  $('status').textContent = 'Signing in…';
  try {
    const { session: next, returnTo } = await handleCallback(url.searchParams);
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
$('metadata-form').addEventListener('submit', (event) => {
  event.preventDefault();
  void save();
});

// Not coming back from a login: the tenant session, if any, signs the user in silently.
if (location.pathname !== '/callback') await refresh('Signed in from the tenant session');
startRouter({ '/': () => showView('home'), '/profile': profileRoute, '/callback': callbackRoute }, () =>
  navigate('/', { replace: true }),
);
