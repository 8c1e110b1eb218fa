// A CommonJS consumer: prints what require('auth0-js') and import('auth0-js') expose, as JSON.
// The test writes surface-walker.cjs next to this file (the walker of e2e/support/surface.ts).
const enumerate = require('./surface-walker.cjs');
const depth = Number(process.argv[2]);
const cjs = require('auth0-js');
import('auth0-js').then((esm) => {
  process.stdout.write(JSON.stringify({ cjs: enumerate([cjs, depth]), esm: enumerate([esm, depth]) }));
});
