/** The folder of the sample apps. */
export declare const appDir: string;
/** Bundles `app` (a file name in this folder) as the size check does: the initial chunk and the on-demand ones. */
export declare function bundleApp(
  app: string,
  options?: { tenant?: { domain: string; clientID: string }; entries?: Record<string, string> },
): Promise<{ code: string; modules: string[]; lazy: string[] }>;
