/**
 * What one scenario run observes: the requests the tenant saw, main-frame navigations, console
 * warnings, cookies and storage snapshots, and the values scenarios report, in order.
 */
import type { BrowserContext, ConsoleMessage, Frame, Page } from 'playwright';
import type { RecordedRequest, RunningTenant } from '../tenant/index.js';

const VERIFIER_COOKIE = 'co%2Fverifier%2F';
const HEADERS_COMPARED = ['content-type', 'auth0-client', 'origin', 'x-request-language'];

export interface Entry {
  kind: string;
  [key: string]: unknown;
}

export class Recorder {
  readonly entries: Entry[] = [];
  private seen = 0;

  constructor(
    private readonly page: Page,
    private readonly context: BrowserContext,
    private readonly tenant: RunningTenant,
    private readonly appUrl: string,
  ) {
    this.seen = tenant.requests.length;
    page.on('framenavigated', this.onNavigated);
    page.on('console', this.onConsole);
  }

  private readonly onNavigated = (frame: Frame) => {
    if (frame === this.page.mainFrame()) this.entries.push({ kind: 'navigate', url: frame.url() });
  };

  private readonly onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'warning') this.entries.push({ kind: 'warning', text: msg.text() });
  };

  /** Stops recording (the page is reused by the next run). */
  dispose(): void {
    this.page.off('framenavigated', this.onNavigated);
    this.page.off('console', this.onConsole);
  }

  add(kind: string, data: Record<string, unknown>): void {
    this.entries.push({ kind, ...data });
  }

  /** A random value of the tenant (a one-time code…) the normaliser replaces by `placeholder`. */
  literal(value: string, placeholder: string): void {
    this.add('literal', { value, placeholder });
  }

  /** Adds the tenant requests received since the last call. */
  requests(): RecordedRequest[] {
    const fresh = this.tenant.requests.slice(this.seen);
    this.seen = this.tenant.requests.length;
    // The browser's own favicon fetches depend on timing, not on the library.
    for (const r of fresh.filter((r) => r.path !== '/favicon.ico')) {
      const headers: Record<string, string> = {};
      for (const name of HEADERS_COMPARED) if (r.headers[name] !== undefined) headers[name] = r.headers[name]!;
      if (r.headers.authorization) headers.authorization = r.headers.authorization.split(' ')[0] + ' <credentials>';
      this.add('request', { method: r.method, path: r.path, query: r.query, headers, body: r.body });
    }
    return fresh;
  }

  /** Adds the app origin's cookies and web storage, without the entries `hide` names. */
  async storage(label: string, hide: (name: string) => boolean = () => false): Promise<void> {
    const cookies = (await this.context.cookies(this.appUrl))
      .filter((c) => !hide(c.name))
      .map(({ name, value, path, secure, sameSite, httpOnly }) => ({ name, value, path, secure, sameSite, httpOnly }))
      // The cross-origin verifier cookie is named by the tenant's random id and holds its random
      // verifier (reference §9.3); the rest of its name (the encoded root URL) is compared.
      .map((c) =>
        c.name.startsWith(VERIFIER_COOKIE)
          ? { ...c, name: c.name.replace(/%2F[^%]+$/, '%2F<co_id>'), value: '<verifier>' }
          : c,
      )
      .sort((a, b) => a.name.localeCompare(b.name));
    const all: Record<string, string> = await this.page.evaluate(() => ({ ...localStorage })).catch(() => ({}));
    const storage = Object.fromEntries(Object.entries(all).filter(([name]) => !hide(name)));
    this.add('storage', { label, cookies, localStorage: storage });
  }
}
