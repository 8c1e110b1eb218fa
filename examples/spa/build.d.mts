// Types of build.mjs for the TypeScript that imports it (e2e/example-spa.spec.ts).

/** The example's directory. */
export declare const SPA_DIR: string;

/** Packs the repository (its dist/ must be built) and installs the tarball into examples/spa. */
export declare function installPackedPackage(): void;

/** Installs the package and builds the app into `outDir`; `env` sets variables such as VITE_TENANT. */
export declare function buildSpa(options?: { outDir?: string; env?: Record<string, string> }): Promise<string>;

/** A running `vite preview` of a build. */
export interface SpaServer {
  /** http://127.0.0.1:<port> */
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves a build with `vite preview` on 127.0.0.1; `port` 0 picks a free one. */
export declare function serveSpa(options?: { outDir?: string; port?: number }): Promise<SpaServer>;

/** Builds into a temporary directory with `env` and serves it on a free port; `close` removes it. */
export declare function startSpa(env?: Record<string, string>): Promise<SpaServer>;
