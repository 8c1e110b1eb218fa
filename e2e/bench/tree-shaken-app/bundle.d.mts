/** The folder of the sample apps. */
export declare const appDir: string;
/** Bundles `app` (a file name in this folder) into one minified ES module, as the size check does. */
export declare function bundleApp(
  app: string,
  options?: { tenant?: { domain: string; clientID: string } },
): Promise<{ code: string; modules: string[] }>;
