import { chromium, type Browser, type BrowserContext } from 'playwright';

// The system Chromium, never a downloaded one. The flags keep it off the network: *.test and
// localhost resolve to loopback, and background services that phone home are disabled.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  '--host-resolver-rules=MAP localhost 127.0.0.1, MAP *.test 127.0.0.1',
];

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A fresh context; the tenant serves HTTPS with a self-signed certificate. */
export function newTestContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ ignoreHTTPSErrors: true });
}
