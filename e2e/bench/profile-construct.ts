/**
 * A Chromium CPU profile of `new WebAuth` + `buildAuthorizeUrl` with our ESM build module by module
 * (readable names, real file names and line numbers): prints the functions with the most self time.
 * Not part of `npm test`. `node scripts/run-e2e-ts.mjs e2e/bench/profile-construct.ts [construct|url] [n]`.
 */
import { startAppServer } from '../support/app-server.js';
import { launchChromium, newTestContext } from '../support/browser.js';
import { openApp } from '../support/flow.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

async function main() {
  const [mode = 'url', n = '100000'] = process.argv.slice(2);
  const [app, browser] = await Promise.all([startAppServer(), launchChromium()]);
  try {
    const page = await (await newTestContext(browser)).newPage();
    await openApp(page, app.url, 'esm-modules');
    const loop = (runs: number) =>
      page.evaluate(
        async ([runs, withUrl]) => {
          const lib = await (window as any).libReady;
          const config = {
            domain: 'tenant.example.com',
            clientID: 'abc',
            redirectUri: 'https://app.example/cb',
            responseType: 'token',
          };
          const t0 = performance.now();
          for (let i = 0; i < runs; i++) {
            const w = new lib.WebAuth({ ...config });
            if (withUrl)
              w.client.buildAuthorizeUrl({
                state: 's' + i,
                nonce: 'n',
                responseType: 'token id_token',
                redirectUri: config.redirectUri,
              });
          }
          return ((performance.now() - t0) / runs) * 1000;
        },
        [runs, mode === 'url'] as const,
      );
    await loop(2000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    await cdp.send('Profiler.start');
    console.log(`${mode}: ${(await loop(Number(n))).toFixed(2)} µs per iteration`);
    const { profile } = await cdp.send('Profiler.stop');
    const byId = new Map<number, ProfileNode>(profile.nodes.map((node) => [node.id, node as ProfileNode]));
    const self = new Map<string, number>();
    for (const id of profile.samples ?? []) {
      const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
      const key = `${functionName || '(anonymous)'} ${url.replace(app.url, '')}:${lineNumber + 1}`;
      self.set(key, (self.get(key) ?? 0) + 1);
    }
    const total = profile.samples?.length ?? 1;
    for (const [key, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
      console.log(`${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`);
  } finally {
    await Promise.all([browser.close(), app.close()]);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
