/**
 * The one seam through which the facade reaches a capability it does not need on every page. The
 * facade never imports a capability's module here: the entry hands over a table of loaders
 * ({@link useCapabilities}). The default entry (`webauth-js`, src/all.ts) hands over the modules
 * themselves (capabilities-bundled.ts), so the app's graph has no `import()` and bundles into one
 * file with any bundler; `webauth-js/lazy` (src/index.ts) and the CDN build hand over dynamic
 * `import()`s (capabilities-on-demand.ts), which the app's bundler or scripts/cdn-chunks.mjs turns
 * into chunks loaded on first use.
 */
import { ChunkLoadError } from './chunk-load-error.js';

/** Each capability's module, by name: a new capability adds a line here and one in each table. */
export interface CapabilityModules {
  captcha: typeof import('../chunks/captcha.js');
  codeFlow: typeof import('../chunks/code-flow.js');
  legacy: typeof import('../chunks/legacy.js');
  passkeys: typeof import('../chunks/passkeys.js');
  popup: typeof import('../chunks/popup-flow.js');
  refreshWorker: typeof import('../chunks/worker.js');
  sessionEvents: typeof import('../chunks/session-events.js');
}

/** The capabilities reached through the seam, by name. */
export type CapabilityName = keyof CapabilityModules;

/** A capability's module, once loaded. */
export type Capability<N extends CapabilityName> = CapabilityModules[N];

/** How each capability is reached: a loader per name, resolving with its module. */
export type CapabilityLoaders = { readonly [N in CapabilityName]: () => Promise<CapabilityModules[N]> };

let loaders: CapabilityLoaders | undefined;

/**
 * Sets how capabilities are reached; each entry calls it once as it evaluates (the last call wins:
 * every table gives the same modules).
 *
 * @example
 * ```ts
 * useCapabilities(ON_DEMAND);
 * ```
 */
export function useCapabilities(table: CapabilityLoaders): void {
  loaders = table;
}

/**
 * Loads capability `name` (once: the module system caches it) and resolves with its module. A chunk
 * that cannot be fetched or fails its integrity check rejects with a {@link ChunkLoadError}.
 *
 * @example
 * ```ts
 * const { renderCaptcha } = await loadCapability('captcha');
 * ```
 */
export function loadCapability<N extends CapabilityName>(name: N): Promise<Capability<N>> {
  // No table: a module of the package imported without its entry (not a supported path).
  const loading = loaders ? loaders[name]() : Promise.reject(new Error('no entry loaded'));
  return loading.catch((cause: unknown) => {
    const why = cause instanceof Error ? cause.message : String(cause);
    throw new ChunkLoadError(`The ${name} part of webauth-js could not be loaded: ${why}`, { cause });
  });
}

/** Runs a step with capability `N` once it is loaded, or reports the ChunkLoadError (see {@link preload}). */
export type Preloaded<N extends CapabilityName> = (
  use: (chunk: Capability<N>) => void,
  fail: (err: ChunkLoadError) => void,
) => void;

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
      (chunk) => queueMicrotask(() => use(chunk)),
      (err: ChunkLoadError) => queueMicrotask(() => fail(err)),
    );
}
