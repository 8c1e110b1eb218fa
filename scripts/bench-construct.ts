/**
 * `new WebAuth` cost in Node (fake browser edge), and the cost of reading then calling a detached
 * method. Quick check for construction-time changes; the browser figures come from speed.ts.
 * Usage: node --import tsx scripts/bench-construct.ts
 */
import { WebAuth } from '../src/index.js';
import { fakeEnv } from '../src/testing/fake-env.js';
import { customEnvironment } from '../src/types/custom-environment.js';

const env = fakeEnv();
const options = () =>
  ({
    domain: 'tenant.example.com',
    clientID: 'abc',
    redirectUri: 'https://app.example.com/cb',
    responseType: 'token',
    [customEnvironment]: env,
  }) as never;

function time(label: string, n: number, fn: (i: number) => void): void {
  for (let i = 0; i < n / 10; i++) fn(i); // warm-up
  const runs: number[] = [];
  for (let r = 0; r < 7; r++) {
    const t = performance.now();
    for (let i = 0; i < n; i++) fn(i);
    runs.push(((performance.now() - t) * 1000) / n);
  }
  runs.sort((a, b) => a - b);
  console.log(`${label}: median ${runs[3]!.toFixed(2)} µs (min ${runs[0]!.toFixed(2)})`);
}

let sink: unknown;
time('new WebAuth', 20000, () => {
  sink = new WebAuth(options());
});
time('new WebAuth + read 3 methods', 20000, () => {
  const w = new WebAuth(options());
  sink = [w.authorize, w.parseHash, w.client.buildAuthorizeUrl];
});
void sink;
