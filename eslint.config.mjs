// ESLint: typescript-eslint's recommended rules, plus import-x's check for import cycles in src/ and the
// tenant. Formatting is Prettier's job (npm run format:check).
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'docs/api/**',
      'e2e/.build/**',
      'e2e/tenant/.cache/**',
      'e2e/types/.dts/**',
      '**/*.min.js',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      // The library mirrors auth0-js's untyped option bags and callbacks; `any` is deliberate there.
      '@typescript-eslint/no-explicit-any': 'off',
      // `declare namespace auth0` gives the default import auth0-js's type names; it emits nothing.
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Validators and their tests match control characters on purpose (headers, URLs, cookies).
      'no-control-regex': 'off',
      // A `let` that a callback reads before its one assignment cannot become a `const`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The CDN example's scripts share globals: the bundle's `auth0` and config.js's EXAMPLE_CONFIG
    // and PKCE_TOGGLE_KEY.
    files: ['examples/cdn/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      globals: { auth0: 'readonly', EXAMPLE_CONFIG: 'readonly', PKCE_TOGGLE_KEY: 'readonly' },
    },
  },
  {
    // config.js defines EXAMPLE_CONFIG and PKCE_TOGGLE_KEY for the scripts that follow it on the page.
    files: ['examples/cdn/config.js'],
    rules: { '@typescript-eslint/no-unused-vars': 'off', 'no-redeclare': 'off' },
  },
  {
    files: ['src/**/*.ts', 'e2e/tenant/**/*.ts'],
    plugins: { 'import-x': importX },
    // Maps './x.js' specifiers to their .ts sources, as tsc does.
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      // Value imports only: import-x skips type-only imports, so scripts/check-cycles.mjs (which counts
      // them, and checks the tenant's layers) stays in npm test too.
      'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }],
    },
  },
);
