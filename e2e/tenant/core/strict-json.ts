/**
 * JSON parsing that refuses what JSON.parse quietly accepts: invalid UTF-8 (replaced by U+FFFD),
 * duplicate keys (last one wins) and absurd nesting.
 */

export type StrictJson = { ok: true; value: unknown } | { ok: false; reason: string };

const MAX_DEPTH = 32;
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

export function decodeUtf8(raw: Buffer | Uint8Array): string | undefined {
  try {
    return utf8.decode(raw);
  } catch {
    return undefined;
  }
}

/** Walks valid JSON text once, tracking object keys per nesting level. */
function findStructuralProblem(text: string): string | undefined {
  const stack: Array<{ keys: Set<string> | null; expectKey: boolean }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '[') {
      stack.push({ keys: c === '{' ? new Set() : null, expectKey: c === '{' });
      if (stack.length > MAX_DEPTH) return `nesting deeper than ${MAX_DEPTH} levels`;
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.keys) top.expectKey = true;
    } else if (c === ':') {
      const top = stack[stack.length - 1];
      if (top) top.expectKey = false;
    } else if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (top?.keys && top.expectKey) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return `duplicate key "${key}"`;
        top.keys.add(key);
      }
      i = j;
    }
  }
  return undefined;
}

export function parseStrictJson(raw: Buffer | Uint8Array | string): StrictJson {
  const text = typeof raw === 'string' ? raw : decodeUtf8(raw);
  if (text === undefined) return { ok: false, reason: 'the body is not valid UTF-8' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'the body is not valid JSON' };
  }
  const problem = findStructuralProblem(text);
  return problem ? { ok: false, reason: `invalid JSON: ${problem}` } : { ok: true, value };
}
