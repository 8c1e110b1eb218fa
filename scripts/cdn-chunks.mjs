// The CDN build's chunk loading (issue 32). Rollup writes the CDN entry and its on-demand chunks as
// AMD modules; this plugin wraps them so that no AMD loader is needed: the main file carries a small
// loader of its own and still defines the global `auth0` as it evaluates (or module.exports, or an
// anonymous AMD module, as the UMD file did). A chunk is fetched with a <script> element whose src
// is resolved against the main file's own URL, with the chunk's SRI hash (written into the main file
// once the chunks are on disk), crossorigin="anonymous" and the main script's CSP nonce. A chunk that
// fails (network, or bytes that do not match the hash) rejects the import: no eval, never a hang.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A placeholder as long as a real sha384 value, so the main file's source map stays exact.
const placeholder = (file) => `sha384-${`@sri:${file}`.padEnd(64, '#')}`;

/** The loader, run when the main file evaluates; `main` gets the entry's exports. */
const loader = ({ sri, hook, mainId }) => `
var doc = typeof document == 'object' ? document : undefined;
var me = doc && doc.currentScript;
var base = me && me.src;
var nonce = me && me.nonce;
var sri = ${JSON.stringify(sri)};
var main = {};
var loading = {};
var arrived = {};
var failed = function (file, why) {
  return new Error(file + ' ' + why);
};
var chunk = function (file) {
  return loading[file] || (loading[file] = new Promise(function (resolve, reject) {
    var url = new URL(file, base).href;
    var script = doc.createElement('script');
    var settle = function (error) {
      var module = arrived[url];
      script.remove();
      delete arrived[url];
      if (!error && module) return resolve(run(module[0], module[1]));
      delete loading[file];
      reject(failed(file, error || 'did not define its module'));
    };
    if (!base) throw failed(file, 'cannot be located: the main file was not loaded by a script src');
    if (!sri[file]) throw failed(file, 'has no integrity hash in the main file');
    script.src = url;
    script.integrity = sri[file];
    script.crossOrigin = 'anonymous';
    if (nonce) script.setAttribute('nonce', nonce);
    script.onload = function () { settle(); };
    script.onerror = function () {
      settle('could not be loaded, or its bytes do not match the integrity hash in the main file');
    };
    doc.head.appendChild(script);
  }));
};
var load = function (ids, resolve, reject) {
  Promise.resolve(ids[0]).then(function (id) { return chunk(id.slice(2) + '.js'); }).then(resolve, reject);
};
var dependency = function (id, exports) {
  return id == 'exports' ? exports : id == 'require' ? load : id == ${JSON.stringify(mainId)} ? main : chunk(id.slice(2) + '.js');
};
var run = function (ids, factory) {
  var exports = {};
  return Promise.all(ids.map(function (id) { return dependency(id, exports); })).then(function (args) {
    factory.apply(undefined, args);
    return exports;
  });
};
var define = function (ids, factory) {
  factory.apply(undefined, ids.map(function (id) { return dependency(id, main); }));
};
if (typeof self == 'object') Object.defineProperty(self, ${JSON.stringify(hook)}, {
  configurable: true,
  value: function (ids, factory) {
    var script = doc.currentScript;
    if (script) arrived[script.src] = [ids, factory];
  },
});
`;

/** Exposes the entry's public names (not the internal ones its chunks import) as the UMD file did. */
const expose = (names) => `
var api = {};
${JSON.stringify(names)}.forEach(function (name) { api[name] = main[name]; });
Object.defineProperty(api, '__esModule', { value: true });
var root = typeof globalThis == 'object' ? globalThis : self;
if (typeof exports == 'object' && typeof module != 'undefined') module.exports = api;
else if (typeof root.define == 'function' && root.define.amd) root.define([], function () { return api; });
else root.auth0 = api;
`;

/**
 * The plugin. `names`: the entry's public exports; `hook`: the global a chunk hands its module to
 * (one per version, so two copies on a page never mix chunks); `banner`: the licence comment.
 */
export function cdnChunks({ names, hook, banner }) {
  return {
    name: 'cdn-chunks',
    outputOptions(options) {
      return { ...options, amd: { ...options.amd, define: 'define' } };
    },
    banner(chunk) {
      if (!chunk.isEntry) return `${banner}\n(function (define) {`;
      const sri = Object.fromEntries(chunk.dynamicImports.map((file) => [file, placeholder(file)]));
      const mainId = `./${chunk.fileName.replace(/\.js$/, '')}`;
      return `${banner}\n(function () {${loader({ sri, hook, mainId })}`;
    },
    footer(chunk) {
      return chunk.isEntry ? `${expose(names)}})();` : `})(self[${JSON.stringify(hook)}]);`;
    },
    writeBundle(options, bundle) {
      for (const entry of Object.values(bundle)) {
        if (entry.type !== 'chunk' || !entry.isEntry) continue;
        const file = join(options.dir, entry.fileName);
        let code = readFileSync(file, 'utf8');
        for (const name of entry.dynamicImports) {
          const bytes = readFileSync(join(options.dir, name));
          const hash = `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
          if (!code.includes(placeholder(name))) throw new Error(`cdn-chunks: no hash slot for ${name}`);
          code = code.replace(placeholder(name), hash);
        }
        writeFileSync(file, code);
      }
    },
  };
}
