/** Files whose mentions of the version follow package.json. */
export declare const VERSIONED_FILES: readonly string[];
