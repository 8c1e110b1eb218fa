// Copied into a fixture app and run there: resolves each `auth0-js/<path>` given on argv under the require and the
// import conditions, loads the JavaScript ones both ways, and prints one JSON row per path.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const describe = (value) =>
  typeof value === 'function'
    ? 'function'
    : value && typeof value.version?.raw === 'string'
      ? `sdk ${value.version.raw}`
      : typeof value;
const rows = [];
for (const path of process.argv.slice(2)) {
  const id = path === '.' ? 'auth0-js' : `auth0-js/${path}`;
  const row = { path };
  try {
    row.require = require.resolve(id);
    if (/\.c?js$/.test(id) || path === '.') row.required = describe(require(id));
  } catch (err) {
    row.require = `error: ${err.code ?? err.message}`;
  }
  try {
    row.import = new URL(import.meta.resolve(id)).pathname;
    if (/\.c?js$/.test(id) || path === '.') row.imported = describe((await import(id)).default);
  } catch (err) {
    row.import = `error: ${err.code ?? err.message}`;
  }
  rows.push(row);
}
process.stdout.write(JSON.stringify(rows));
