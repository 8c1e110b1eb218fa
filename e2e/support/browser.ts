import { chromium, type Browser, type BrowserContext } from 'playwright';

// The system Chromium, never a downloaded one. The flags keep it off the network: *.test and
// localhost resolve to loopback, and background services that phone home are disabled.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.test 127.0.0.1',
];

/** The Chromium binary: CHROMIUM_PATH, else the system one. */
export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context; the tenant serves HTTPS with a self-signed certificate. */
export function newTestContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true });
}
