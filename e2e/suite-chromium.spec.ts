/**
 * The Chromium the e2e and differential suites launch (e2e/support/browser.ts): Chromium reads only
 * the last `--disable-features` switch, so the suites' own must still turn off every feature
 * Playwright's switch turns off, or a Playwright upgrade would quietly switch those back on.
 */
import type { Browser } from 'playwright';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { CHROMIUM_ARGS, SUITE_DISABLED_FEATURES, chromiumArgs, launchChromium } from './support/browser.js';

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** The features of each `--disable-features` switch on the running browser's command line, in order. */
async function disabledFeatureSwitches(): Promise<string[][]> {
  const page = await browser.newPage();
  try {
    await page.goto('chrome://version');
    const commandLine = (await page.textContent('#command_line')) ?? '';
    return [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((m) => m[1]!.split(','));
  } finally {
    await page.close();
  }
}

// WEBAUTH_SUITE_CHROMIUM=0 launches with Chromium's defaults: no switch of the suites' own then.
it.skipIf(process.env.WEBAUTH_SUITE_CHROMIUM === '0')(
  "the suites' --disable-features switch comes last and keeps every feature Playwright's turns off",
  async () => {
    expect(process.env.WEBAUTH_SUITE_CHROMIUM).toBe('1');
    const switches = await disabledFeatureSwitches();
    expect(switches.length).toBeGreaterThanOrEqual(2);
    const [playwrights, ...rest] = switches;
    const last = rest.at(-1)!;
    expect(last).toEqual(expect.arrayContaining([...playwrights!, ...SUITE_DISABLED_FEATURES]));
  },
);

it('without the suite switch, the launch arguments are the plain ones', () => {
  expect(chromiumArgs(false)).toBe(CHROMIUM_ARGS);
  expect(chromiumArgs(true).slice(0, -1)).toEqual(CHROMIUM_ARGS);
});
