/**
 * The one seam through which the facade reaches a capability loaded on first use. In the ESM build
 * each entry is a dynamic `import()`, so an app's bundler puts the capability in its own chunk; the
 * CDN build turns the same `import()` into a chunk file loaded beside the main file, with its
 * integrity hash (scripts/cdn-chunks.mjs). It lives in web-auth/, the layer of the capabilities it
 * loads, because the stack (scripts/check-cycles.mjs) counts a dynamic import like a static one.
 */
import { ChunkLoadError } from './chunk-load-error.js';

const CAPABILITIES = {
  captcha: () => import('./captcha/render.js'),
  codeFlow: () => import('../code-flow/index.js'),
  legacy: () => import('./legacy/index.js'),
  passkeys: () => import('../passkeys/index.js'),
  popup: () => import('./popup-flow/index.js'),
  sessionEvents: () => import('./session-events/channel.js'),
};

/** The capabilities loaded on first use, by name. */
export type CapabilityName = keyof typeof CAPABILITIES;

/**
 * Loads capability `name` (once: the module system caches it) and resolves with its module. A chunk
 * that cannot be fetched or fails its integrity check rejects with a {@link ChunkLoadError}.
 *
 * @example
 * ```ts
 * const { renderCaptcha } = await loadCapability('captcha');
 * ```
 */
export function loadCapability<N extends CapabilityName>(name: N): ReturnType<(typeof CAPABILITIES)[N]> {
  return CAPABILITIES[name]().catch((cause: unknown) => {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new ChunkLoadError(`The ${name} part of webauth-js could not be loaded: ${why}`, { cause });
  }) as ReturnType<(typeof CAPABILITIES)[N]>;
}

/** Runs a step with capability `N` once it is loaded, or reports the ChunkLoadError (see {@link preload}). */
export type Preloaded<N extends CapabilityName> = (
  use: (chunk: Capability<N>) => void,
  fail: (err: ChunkLoadError) => void,
) => void;

/** A capability's module, once loaded. */
export type Capability<N extends CapabilityName> = Awaited<ReturnType<(typeof CAPABILITIES)[N]>>;

/**
 * Starts loading capability `name` now, beside the flow's first network step, and returns how to
 * use it later: `use` gets the module, or `fail` the {@link ChunkLoadError}. Each runs in a
 * microtask of its own, out of the loader's promise, so a throw from the app's callback is an
 * uncaught error as in v10, not a rejection nobody sees.
 */
export function preload<N extends CapabilityName>(name: N): Preloaded<N> {
  const loaded = loadCapability(name);
  loaded.catch(() => {}); // reported to `fail` when the flow gets there
  return (use, fail) =>
    void loaded.then(
      (chunk) => queueMicrotask(() => use(chunk as Capability<N>)),
      (err: ChunkLoadError) => queueMicrotask(() => fail(err)),
    );
}
