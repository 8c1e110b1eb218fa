/**
 * Enumerates a library's public surface (module object, constructors, prototypes, and what the
 * instances expose) as a flat map of paths, so two builds can be compared member by member.
 */

/** What one path holds: its `typeof` (plus null/array), and for functions their `length`. */
export interface Member {
  type: string;
  arity?: number;
}

export type Surface = Record<string, Member>;

/** Objects below an instance are walked this deep (`webAuth.client.passwordless.start` is 3). */
export const INSTANCE_DEPTH = 3;

/**
 * Runs in the page (passed to `page.evaluate`), so it must not use anything from this module.
 * Paths: `auth0.<export>`, `auth0.default.<key>`, `auth0.version.<key>`, `<Ctor>.prototype.<name>`,
 * and `webAuth.…` / `authentication.…` / `management.…` for instances. An object met again below
 * the same instance (back-references) is listed by type but not walked twice.
 */
export function enumerateSurface([lib, depth]: [any, number]): Surface {
  const out: Surface = {};
  const describe = (value: unknown): Member => {
    if (value === null) return { type: 'null' };
    if (Array.isArray(value)) return { type: 'array' };
    if (typeof value === 'function') return { type: 'function', arity: value.length };
    return { type: typeof value };
  };
  const read = (o: any, key: string): Member => {
    try {
      return describe(o[key]);
    } catch {
      return { type: 'throws' };
    }
  };
  // Own and inherited names, as `obj.name` would find them; class and ES5 prototypes alike.
  const names = (o: object): string[] => {
    const found = new Set<string>();
    for (let p = o; p && p !== Object.prototype && p !== Function.prototype; p = Object.getPrototypeOf(p)) {
      for (const key of Object.getOwnPropertyNames(p)) if (key !== 'constructor') found.add(key);
    }
    return [...found].sort();
  };

  // getOwnPropertyNames: the UMD global's non-enumerable `__esModule` counts for bundler interop.
  for (const key of Object.getOwnPropertyNames(lib)) out[`auth0.${key}`] = read(lib, key);
  const byDefault = lib.default ?? {};
  for (const key of Object.keys(byDefault)) {
    out[`auth0.default.${key}`] =
      byDefault[key] === lib[key] ? { type: `same as auth0.${key}` } : describe(byDefault[key]);
  }
  for (const key of Object.keys(lib.version ?? {})) out[`auth0.version.${key}`] = read(lib.version, key);
  for (const ctor of ['WebAuth', 'Authentication', 'Management']) {
    for (const key of names(lib[ctor].prototype)) out[`${ctor}.prototype.${key}`] = read(lib[ctor].prototype, key);
  }

  const domain = 'tenant.example.com';
  const instances: Record<string, object> = {
    webAuth: new lib.WebAuth({
      domain,
      clientID: 'surface-client',
      redirectUri: 'http://127.0.0.1/cb',
      responseType: 'token id_token',
    }),
    authentication: new lib.Authentication({ domain, clientID: 'surface-client' }),
    management: new lib.Management({ domain, token: 'surface-token' }),
  };
  for (const [root, instance] of Object.entries(instances)) {
    // Breadth first, so an object shared by several members is walked under its shortest path.
    const seen = new Set<object>([instance]);
    let level: Array<[string, any]> = [[root, instance]];
    for (let d = 1; d <= depth && level.length > 0; d++) {
      const next: Array<[string, any]> = [];
      for (const [path, obj] of level) {
        for (const key of names(obj)) {
          const member = read(obj, key);
          out[`${path}.${key}`] = member;
          if (member.type !== 'object' || seen.has(obj[key])) continue;
          seen.add(obj[key]);
          next.push([`${path}.${key}`, obj[key]]);
        }
      }
      level = next;
    }
  }
  return out;
}

/** A reviewed exception: reference paths ours does not (yet) match, and why. */
export interface Allowance {
  /** Reference paths. A path listed as missing also covers everything below it. */
  paths: readonly string[];
  /** `missing`: ours has no such member. `different`: ours has it with another type or arity. */
  ours: 'missing' | 'different';
  why: string;
}

export interface Comparison {
  enumerated: number;
  matched: number;
  allowListed: number;
  /** Reference paths ours lacks or shapes differently, not covered by an allowance. */
  unexplained: string[];
  /** Allowances that no longer describe ours (or never described the reference). */
  stale: string[];
}

const show = (m: Member | undefined) => (m ? `${m.type}${m.arity === undefined ? '' : `/${m.arity}`}` : 'missing');
const same = (a: Member | undefined, b: Member | undefined) => !!a && !!b && a.type === b.type && a.arity === b.arity;

export function compareSurfaces(reference: Surface, ours: Surface, allowances: readonly Allowance[]): Comparison {
  const result: Comparison = { enumerated: 0, matched: 0, allowListed: 0, unexplained: [], stale: [] };
  const covers = (a: Allowance, path: string) =>
    a.paths.some((p) => p === path || (a.ours === 'missing' && path.startsWith(`${p}.`)));
  for (const [path, member] of Object.entries(reference)) {
    result.enumerated++;
    if (same(member, ours[path])) result.matched++;
    else if (allowances.some((a) => covers(a, path))) result.allowListed++;
    else result.unexplained.push(`${path}: reference ${show(member)}, ours ${show(ours[path])}`);
  }
  // Keeps the list honest: an entry fails as soon as ours stops matching its description.
  for (const a of allowances) {
    for (const path of a.paths) {
      const state = !reference[path]
        ? 'not in the reference'
        : !ours[path]
          ? 'missing'
          : same(reference[path], ours[path])
            ? 'matching'
            : 'different';
      if (state !== a.ours)
        result.stale.push(
          `${path}: allow-listed as ${a.ours}, but ours is ${state} (reference ${show(reference[path])}, ours ${show(ours[path])})`,
        );
    }
  }
  return result;
}
