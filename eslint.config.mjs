// ESLint: typescript-eslint's recommended rules. Import cycles and layer breaks are checked by
// scripts/check-cycles.mjs (npm test's "import cycles" step), which counts value, type-only and
// dynamic imports alike; import-x/no-cycle checked a subset of the same at 7 s of CPU per run
// (issue 34). Formatting is Prettier's job (npm run format:check).
import js from '@eslint/js';
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
    // The passkeys example's script uses the bundle's global `auth0`.
    files: ['examples/passkeys/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { auth0: 'readonly' } },
  },
  {
    // config.js defines EXAMPLE_CONFIG and PKCE_TOGGLE_KEY for the scripts that follow it on the page.
    files: ['examples/cdn/config.js'],
    rules: { '@typescript-eslint/no-unused-vars': 'off', 'no-redeclare': 'off' },
  },
);
