// The version, the CHANGELOG and the README's CDN snippet agree (issue 52): a build that holds
// Unreleased changes never carries the number of a version already released, whose published file
// would then not match the snippet's integrity hash. The hash itself is checked against the built
// file by e2e/sri.spec.ts.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSIONED_FILES } from '../../scripts/version-sync.mjs';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const { version } = JSON.parse(read('package.json')) as { version: string };
const changelog = read('CHANGELOG.md');
const BUMP = 'npm version prerelease --preid alpha --no-git-tag-version && npm run build && npm run sri';

/** semver order of two versions (pre-release identifiers compared numerically where numeric). */
export function compareVersions(a: string, b: string): number {
  const split = (v: string) => {
    const [core, pre] = v.split(/-(.*)/s) as [string, string?];
    return { core: core.split('.').map(Number), pre: pre === undefined ? [] : pre.split('.') };
  };
  const x = split(a);
  const y = split(b);
  for (let i = 0; i < 3; i++) if (x.core[i] !== y.core[i]) return x.core[i]! - y.core[i]!;
  if (!x.pre.length || !y.pre.length) return y.pre.length - x.pre.length;
  for (let i = 0; i < Math.max(x.pre.length, y.pre.length); i++) {
    const [p, q] = [x.pre[i], y.pre[i]];
    if (p === undefined || q === undefined) return p === undefined ? -1 : 1;
    if (p === q) continue;
    const [m, n] = [Number(p), Number(q)];
    if (!Number.isNaN(m) && !Number.isNaN(n)) return m - n;
    return p < q ? -1 : 1;
  }
  return 0;
}

const released = [...changelog.matchAll(/^## \[(\d[^\]]*)\] - \d{4}-\d{2}-\d{2}$/gm)].map((m) => m[1]!);
const unreleased = /^## \[Unreleased\]\n([\s\S]*?)^## \[/m.exec(changelog)?.[1] ?? '';
const hasUnreleasedEntries = /^- /m.test(unreleased);

describe('release bookkeeping', () => {
  it('compares versions as semver does', () => {
    expect(compareVersions('10.2.0-alpha.2', '10.2.0-alpha.1')).toBeGreaterThan(0);
    expect(compareVersions('10.2.0-alpha.10', '10.2.0-alpha.9')).toBeGreaterThan(0);
    expect(compareVersions('10.2.0', '10.2.0-alpha.9')).toBeGreaterThan(0);
    expect(compareVersions('10.2.0-alpha.1', '10.2.0-alpha.1')).toBe(0);
  });

  it("package.json's version is past every release while CHANGELOG.md has Unreleased entries", () => {
    expect(released.length, 'CHANGELOG.md: no "## [x.y.z] - YYYY-MM-DD" heading').toBeGreaterThan(0);
    const latest = released[0]!;
    if (hasUnreleasedEntries) {
      expect(
        compareVersions(version, latest),
        `CHANGELOG.md has Unreleased entries, but package.json's version ${version} is not past the last release ` +
          `${latest}: published as it is, its CDN file would not match the README's hash. Bump it: ${BUMP}`,
      ).toBeGreaterThan(0);
    } else {
      expect(version, 'no Unreleased entries: package.json names the last release').toBe(latest);
    }
  });

  it("CHANGELOG.md's link references name the last release", () => {
    const latest = released[0]!;
    expect(changelog).toContain(`[Unreleased]: https://github.com/webauth-js/webauth-js/compare/v${latest}...HEAD`);
    for (const v of released)
      expect(changelog, `link reference for ${v}`).toContain(`[${v}]: https://github.com/webauth-js/webauth-js/`);
  });

  it("the README's status line and CDN snippet name package.json's version (its hash: `npm run build && npm run sri`)", () => {
    const readme = read('README.md');
    const snippet = readme.match(/<script src="https:\/\/cdn\.jsdelivr\.net\/npm\/webauth-js@([^/"]+)\//g) ?? [];
    expect(snippet, 'README.md: one CDN <script> snippet').toHaveLength(1);
    expect(snippet[0], `README.md's CDN snippet: run \`npm run build && npm run sri\``).toContain(
      `webauth-js@${version}/`,
    );
    expect(readme).toContain(`Status: **alpha** (\`${version}\`)`);
  });

  it('every file that pins the version names the current one (`npm version` runs scripts/version-sync.mjs)', () => {
    for (const file of VERSIONED_FILES) {
      // Pre-release numbers only: plain ones (10.2.1, 10.2.0) name auth0-js or stand as examples.
      const pins = read(file).match(/(?<![\w.])10\.\d+\.\d+-[0-9A-Za-z.]*[0-9A-Za-z]/g) ?? [];
      const stale = pins.filter((v) => v !== version);
      expect(stale, `${file} names another version of webauth-js: run \`node scripts/version-sync.mjs\``).toEqual([]);
    }
  });
});
