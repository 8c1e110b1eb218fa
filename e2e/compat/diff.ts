/** A structural diff of two normalised records: one line per differing path. */

export interface Difference {
  path: string;
  ours: unknown;
  reference: unknown;
}

const show = (value: unknown) => (value === undefined ? 'undefined' : JSON.stringify(value));

/** Lists the paths where `ours` and `reference` differ (key order inside objects is compared too). */
export function diff(ours: unknown, reference: unknown, path = '$'): Difference[] {
  if (Object.is(ours, reference)) return [];
  const bothObjects = ours && reference && typeof ours === 'object' && typeof reference === 'object';
  if (!bothObjects || Array.isArray(ours) !== Array.isArray(reference)) return [{ path, ours, reference }];
  const a = ours as Record<string, unknown>;
  const b = reference as Record<string, unknown>;
  const out: Difference[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
    out.push(...diff(a[key], b[key], `${path}.${key}`));
  if (!out.length && !Array.isArray(a) && Object.keys(a).join() !== Object.keys(b).join()) {
    out.push({ path: `${path} (key order)`, ours: Object.keys(a), reference: Object.keys(b) });
  }
  return out;
}

export function formatDifference(d: Difference): string {
  return `    ${d.path}: ours ${show(d.ours)} · auth0-js ${show(d.reference)}`;
}
