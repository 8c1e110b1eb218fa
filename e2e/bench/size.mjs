#!/usr/bin/env node
// Bundle size of our UMD build against auth0-js; exits 1 when ours is over budget.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// The whole v10 surface measured 24,029 B gzip; the key set's Cache-Control lifetime took it to
// 24,214 B (24,352 B a round later); the size pass brought it to 24,236 B, rounded up to a multiple
// of 64 B. The debug hook and error hints (issue 18 point 6) took it to 24,766 B (24,768 B).
// Issue 17's size pass: 24,711 B (24,736 B: rounded up to a multiple of 32 B from here on); the
// key set fetched without the API client took it to 24,754 B (24,768 B): +43 B here for -617 B in
// the tree-shaken redirect-login app (e2e/bench/tree-shaken-size.mjs).
// Tracing ignored messages (every listener), the popup's messages and Authentication requests, and
// hints on every request error and silent run (issue 18 point 6, second round) cost 450 B:
// 24,765 -> 25,215 B. Both together: 25,191 B (25,216 B).
// The construction speed pass (issue 17): 27 B for a telemetry value computed once per name, which
// took `new WebAuth` from ~4.4 to ~3.0 us in Chromium. All three rounds merged: 25,206 B (25,216 B);
// reading only the __Host- transaction cookie on https without cookieDomain: 25,215 B.
// renewAuth's debug trace (+41 B) paid for by one shared trace helper and one cb check in
// Management's request path: 25,209 B (25,216 B). The checkSession iframe addressed before it
// enters the page (about 5 ms per call): 25,214 B.
// Issue 26's hardening (aud/iat checks and messages, every S14 secret dropped from /authorize,
// redirectUri origins parsed with new URL and credentials refused, callbacks keeping v10's arity):
// 25,319 B (25,344 B).
// Issue 27, the key set loaded at flow start (checkSession, renewAuth, popup.authorize, parseHash)
// instead of after the answer: +208 B.
// Issue 25 (PKCE code flow, refresh-token rotation with a lock and revocation, all opt-in): +1,736 B.
// Issue 29 (useDpop: DPoP key in IndexedDB, proofs, nonce retry, bound tokens, all opt-in): +1,991 B,
// over its 1,024 B aim (src/dpop/README.md says where it could shrink).
// All four merged: 29,277 B; v10's arity of transactionManager.process and generateTransaction kept: 29,282 B (29,312 B).
// Refresh tokens in IndexedDB too, so a tab never presents a token another tab just spent (a
// localStorage write reaches other processes late): +102 B, less 34 B from one IndexedDB deadline
// helper shared by the key-set cache, the DPoP key store and the token cache: 29,350 B; the key-set preload in the code and refresh flows: 29,358 B (29,360 B).
// checkSession's iframe detached a task after the answer's checks and callback instead of before
// them (about 5 ms off a first checkSession, 4 ms off a later one; e2e/bench/trace-check-session.ts):
// +31 B: 29,389 B (29,392 B). A refresh token a full localStorage refuses stays in this page's
// memory (tested in Chromium with the quota filled): +6 B: 29,395 B (29,400 B). One SHA-256
// base64url helper instead of two, one guarded localStorage read instead of two: 29,382 B (29,384 B).
// Issue 35: the code exchange, refresh grant and revocation as form bodies (RFC 6749, RFC 7009),
// token_type_hint on the revocation, and a code-exchange answer without its ID token refused:
// +115 B: 29,497 B (29,504 B).
// Issue 32: captcha loaded on first use from its own chunk (dist/webauth.captcha.min.js, fetched
// by the main file with its SRI hash): the main file 28,232 B, all CDN files 30,941 B (the loader
// and the chunk's own gzip stream cost about 1.4 KB over the one file).
// Shared chunks (code two on-demand capabilities use and the main file does not), their hashes
// carried by the chunks that import them: +28 B main file (28,260 B), +43 B all files (30,984 B).
// Issue 32: usePKCE's redemption, useRefreshTokens and useDpop from one chunk (webauth.code-flow.min.js,
// 3,509 B): the main file 26,528 B, all CDN files 32,746 B (+1,805 B: the chunk's own stream and exports).
// Issue 32: the embedded-login and legacy helpers' answers in dist/webauth.legacy.min.js (1,524 B):
// main 27,866 B, all CDN files 32,099 B (+1,158 B: the chunk's stream, banner and imports).
// All three merged: the main file 26,134 B (26,144 B), all CDN files 33,920 B.
// Issue 32: the popup protocol (opener's watch, popup.callback) in its own chunk
// (dist/webauth.popup-flow.min.js, 990 B gzip); the window still opens in the main file: the main
// file 25,872 B (25,888 B), all CDN files 34,648 B (+728 B: the chunk's stream, its SRI entry).
// The key set kept in localStorage for the next page (read at once; IndexedDB took ~6 ms to answer
// on a repeat visit, parseHash 9.3 ms -> 2.8 ms in e2e/bench/trace-repeat-visit.ts): +53 B main
// file (25,925 B), all CDN files 34,701 B.
// rollup's minifyInternalExports for the CDN build: the names the chunks import from the main file
// (and from each other) become one or two letters, the public names stay: main file 25,739 B,
// all CDN files 34,235 B (-466 B).
// A fix that cannot load on demand: the opener listens for the popup's messages from the call (its
// 'ready' could arrive before the popup chunk): +30 B main file (25,769 B), all CDN files 34,286 B.
// terser no longer inlines the loader's define (a NOINLINE annotation on rollup's call): -18 B main
// file (25,751 B), all CDN files 34,255 B. The fix's early messages capped at nine: +7 B, main file
// 25,758 B (its ratchet as before the fix), all CDN files 34,262 B (+22 B over the last ratchet).
// The module factory of each file kept in parentheses (scripts/eager-factory.mjs: parsed once,
// bundle evaluation -9 to -14 %), paid for by arrows in the chunk loader: main file 25,747 B, all
// CDN files 34,256 B. Chunks that bundle no third-party code carry a shorter licence comment:
// all CDN files 33,997 B. The main file holds the chunks' SRI hashes, whose new random-looking
// bytes move its gzip size by a few bytes either way (25,747 and 25,751 B for the same code), so
// its ratchet keeps 4 B of room: 25,755 B, still below the 25,760 B of the morning.
// The refresh grant sent by the main file while the code-flow chunk loads (issue 32: no round trip
// in series; the first checkSession of a page with refresh tokens, no-store, 1.89 -> 1.03 of the
// all-in-one file): its request, the token cache and the lock move out of the chunk, and with
// useDpop nothing is sent before the chunk (it makes the proof): +779 B main file (26,530 B), all
// CDN files 33,967 B (-30 B). Ratchets with the same 4 B of room.
// The code redemption and the reading of token answers in the main file as well (issue 32: the
// callback page of usePKCE no longer waits for the chunk; only useDpop's proofs and the
// revocation stay in it): +266 B main file (26,796 B), all CDN files 33,740 B (-227 B). The
// refresh grant's wait for DPoP's chunk moved out of the grant into the shared withProofs: 26,734 B,
// all CDN files 33,678 B. The revocation on logout in the main file too (logout with refresh tokens
// waited for the chunk before revoking: 74.3 ms from the call to leaving, 14.2 ms after; the chunk
// is now DPoP's alone): +65 B main file (26,799 B), all CDN files 33,612 B (-66 B). popup.callback
// starts loading the fragment's key set beside the popup chunk instead of after it (the opener's
// own prefetch reaches the callback page's storage only when both share an origin): +24 B main
// file (26,823 B), all CDN files 33,636 B.
// The chunk loader against injected markup (issue 53, finding 2): document read through
// Document.prototype, the main file's fetched URL kept when a <base href> below its tag moved the
// document's base (59 B of the cost), a chunk's module taken only from a loader's script element:
// +93 B main file (26,916 B), all CDN files 33,729 B. Ratchets raised by those 93 B.
// An embedded login's access_denied names partitioned third-party storage when the login's verifier
// was never read (issue 50): the check is in the legacy chunk, loaded only for that error: +78 B
// main file, legacy chunk +250 B. With the loader fix above: main file 26,993 B, all CDN files 34,034 B.
// Session events between tabs (issue 49): +227 B main file on its own (the new chunk's hash 76 B,
// its loader entry 11 B, onSessionEvent, and the hook the signing calls tell through), the chunk
// 892 B. With the above: main file 27,212 B, all CDN files 35,158 B.
// Passkeys (issue 48): +273 B main file on its own (webAuth.passkey, the client steps and the
// chunk's hash), the chunk webauth.passkeys.min.js 2,557 B. With the above: main file 27,488 B,
// all CDN files 37,990 B.
// Refresh tokens and DPoP keys (issue 53, findings 3, 5, 8): +145 B main file on its own (logout
// deletes the key without the chunk, the version in both copies), code-flow chunk +118 B. With the
// above: main file 27,654 B, all CDN files 38,276 B.
// The PKCE verifier kept in web storage instead of the transaction cookie, and the refresh grant's
// deadline (issue 53, findings 4, 6; both in the main file, with the code flow's redemption and
// grant): +431 B main file on its own. With the above: main file 28,086 B, all CDN files 38,708
// B.
// Fail-fast silent authentication and the key set loaded as authorize leaves the page (issue 49):
// +129 B main file on its own. With the above: main file 28,231 B, all CDN files 38,862 B.
// Entries hand the facade their capability loaders (issue 52: the default npm entry bundles them,
// webauth-js/lazy and the CDN file load them on demand): +27 B main file on its own. With the
// above: main file 28,259 B, all CDN files 38,890 B.
// The refresh token in a worker (issue 49, part 3): the new chunk webauth.worker.min.js (1,759 B)
// is loaded with the first token request of useRefreshTokens with the memory cache; the main file
// pays for its hash and loader entry, the one-worker-per-page wiring, the token requests' fetch
// through it and the worker's forget calls: +269 B main file (28,528 B), all CDN files 40,928 B
// (+2,038 B). Then lowered: the chunks' SRI hashes as SHA-256 (-21 B each) and the worker's
// one-per-page table moved into its chunk: 28,349 B main file, all CDN files 40,815 B; 28,308 B and
// 40,811 B once issue 49's four fitted their 400 B (396-398 B, measured by leaving them out).
// Two ratchets: lower them as the files shrink; raising one needs a CHANGELOG line that says why.
const BUDGET_GZIP = 28312;
const BUDGET_TOTAL_GZIP = 40815;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ours = join(root, 'dist', 'webauth.min.js');
const theirs = join(root, 'node_modules', 'auth0-js', 'dist', 'auth0.min.js');
const esmDir = join(root, 'dist', 'esm');
// The CDN files a page may load: the main file and its on-demand chunks (webauth.<capability>.min.js).
const chunks = existsSync(join(root, 'dist'))
  ? readdirSync(join(root, 'dist'))
      .filter((name) => /^webauth\.(?!min\.|all\.)[\w-]+\.min\.js$/.test(name))
      .sort()
  : [];

const gzipSize = (buf) => gzipSync(buf, { level: 9 }).length;
const brotliSize = (buf) =>
  brotliCompressSync(buf, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }).length;
const measure = (file, brotli = false) => {
  const buf = readFileSync(file);
  return { raw: buf.length, gzip: gzipSize(buf), brotli: brotli ? brotliSize(buf) : undefined };
};
const kb = (n) => `${(n / 1024).toFixed(2)} KB`;

if (!existsSync(ours)) {
  console.error(`size: ${ours} is missing: run \`npm run build\` first`);
  console.log(`budget: ${kb(BUDGET_GZIP)} gzip: FAIL (no bundle)`);
  process.exit(1);
}

const rows = [['file', 'raw', 'gzip', 'brotli']];
const o = measure(ours, true);
rows.push(['dist/webauth.min.js (main file)', kb(o.raw), kb(o.gzip), kb(o.brotli)]);
const total = { gzip: o.gzip, brotli: o.brotli };
for (const name of chunks) {
  const c = measure(join(root, 'dist', name), true);
  rows.push([`dist/${name} (chunk)`, kb(c.raw), kb(c.gzip), kb(c.brotli)]);
  console.log(`dist/${name}: ${c.gzip} B gzip, ${c.brotli} B brotli`);
  total.gzip += c.gzip;
  total.brotli += c.brotli;
}
rows.push([`all CDN files (${chunks.length + 1})`, '', kb(total.gzip), kb(total.brotli)]);
const t = existsSync(theirs) ? measure(theirs, true) : undefined;
rows.push(['auth0-js/dist/auth0.min.js', ...(t ? [kb(t.raw), kb(t.gzip), kb(t.brotli)] : ['n/a', 'n/a', 'n/a'])]);

// Per-file gzip total: closer to what a bundler ships from the ESM build than one big stream.
if (existsSync(esmDir)) {
  const files = readdirSync(esmDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.js'))
    .map((e) => join(e.parentPath, e.name));
  const sum = { raw: 0, gzip: 0 };
  for (const f of files) {
    const m = measure(f);
    sum.raw += m.raw;
    sum.gzip += m.gzip;
  }
  rows.push([`dist/esm/**/*.js (${files.length} files, info)`, kb(sum.raw), kb(sum.gzip), '']);
}

const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i].length)));
for (const [i, r] of rows.entries()) {
  console.log(r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '));
  if (i === 0) console.log('-'.repeat(widths.reduce((a, b) => a + b, 0) + 6));
}
console.log(`dist/webauth.min.js: ${o.gzip} B gzip, ${o.brotli} B brotli (quality 11)`);
if (t) {
  console.log(`auth0-js/dist/auth0.min.js: ${t.gzip} B gzip, ${t.brotli} B brotli (quality 11)`);
  console.log(`ratio ours/auth0-js: gzip ${(o.gzip / t.gzip).toFixed(3)}, brotli ${(o.brotli / t.brotli).toFixed(3)}`);
}

// What the split costs over one file: the chunks' own gzip streams cannot refer back to the main
// file's text, and the main file carries the loader and the chunks' hashes.
const allInOne = join(root, 'dist', 'webauth.all.min.js');
if (existsSync(allInOne) && chunks.length) {
  const one = measure(allInOne).gzip;
  // Each file as served (its source-map comment included), as the rows above measure it.
  const sources = chunks.map((name) => readFileSync(join(root, 'dist', name), 'utf8'));
  const joined = gzipSize(sources.join('\n'));
  const separate = sources.reduce((sum, source) => sum + gzipSize(source), 0);
  const over = total.gzip - one;
  console.log(
    `all CDN files over the all-in-one file (${one} B gzip): +${over} B (+${((over / one) * 100).toFixed(1)} %); ` +
      `the ${chunks.length} chunks as one stream would be ${joined} B instead of ${separate} B (-${separate - joined} B)`,
  );
}

const ok = o.gzip <= BUDGET_GZIP;
const totalOk = total.gzip <= BUDGET_TOTAL_GZIP;
console.log(`all CDN files: ${total.gzip} B gzip, ${total.brotli} B brotli`);
console.log(`budget: ${o.gzip} / ${BUDGET_GZIP} bytes gzip (${kb(BUDGET_GZIP)}): ${ok ? 'OK' : 'OVER BUDGET'}`);
console.log(
  `budget (all CDN files): ${total.gzip} / ${BUDGET_TOTAL_GZIP} bytes gzip (${kb(BUDGET_TOTAL_GZIP)}): ${totalOk ? 'OK' : 'OVER BUDGET'}`,
);
process.exit(ok && totalOk ? 0 : 1);
