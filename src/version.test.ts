import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VERSION, version } from './version.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

describe('version', () => {
  it('is the package version, reported as auth0.version.raw', () => {
    expect(VERSION).toBe(pkg.version);
    expect(version.raw).toBe(pkg.version);
  });

  it('keeps major.minor at the auth0-js API level it implements (10.2)', () => {
    expect(VERSION).toMatch(/^10\.2\.\d+(-[0-9A-Za-z.]+)?$/);
  });
});
