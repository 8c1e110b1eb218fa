// The CDN build's chunk loading (issue 32). Rollup writes the CDN entry and its on-demand chunks as
// AMD modules; this plugin wraps them so that no AMD loader is needed: the main file carries a small
// loader of its own and still defines the global `auth0` as it evaluates (or module.exports, or an
// anonymous AMD module, as the UMD file did). A chunk is fetched with a <script> element whose src
// is resolved against the URL the main file was fetched from, with the chunk's SRI hash,
// crossorigin="anonymous" and the main script's CSP nonce, and its module is taken only from that
// element (issue 53: markup injected into the page moves neither). A chunk that fails (network, or
// bytes that do not match the hash) rejects the import: no eval, never a hang.
// Hashes form a chain of trust: the main file holds those of the chunks it imports; a chunk holds
// those of the chunks it imports in turn (shared chunks: code two capabilities both use), which the
// loader accepts only from a chunk that passed its own check. They are written once the files are on
// disk, the imported ones first.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// A placeholder as long as a real sha256 value, so the main file's source map stays exact.
// SHA-256, not SHA-384: a substituted chunk still needs a second preimage of it, at 21 B gzip less per chunk.
const placeholder = (file) => `sha256-${`@sri:${file}`.padEnd(44, '#')}`;

/** Hash slots for the chunks `chunk` loads (statically, or on demand), by file name. */
const slots = (chunk, main) =>
  Object.fromEntries(
    [...chunk.imports, ...chunk.dynamicImports].filter((f) => f !== main).map((f) => [f, placeholder(f)]),
  );

/** The loader, run when the main file evaluates; `main` gets the entry's exports. */
const loader = ({ sri, hook, mainId }) => `
var doc = typeof document == 'object' ? document : undefined;
// document's own names lose to markup (<img name="currentScript">, <form name="head">), so what
// the loader reads of it goes through Document.prototype.
var proto = doc && Document.prototype;
var get = (name) => Object.getOwnPropertyDescriptor(proto, name).get.call(doc);
// The real script element (an SVG one has no src string). Its src is what the browser fetched,
// unless the document's first <base href> follows the tag: parsed after it (markup below a defer or
// async tag), it moved the base since; the attribute is then resolved against the document's URL.
var me = doc && get('currentScript');
var src = me && me.src;
var first = src && proto.querySelector.call(doc, 'base[href]');
var home = first && !(first.compareDocumentPosition(me) & 4) && location.href;
var nonce = me && me.nonce;
var sri = ${JSON.stringify(sri)};
var main = {};
var loading = {};
var failed = (file, why) => new Error(file + ' ' + why);
var chunk = (file) =>
  loading[file] || (loading[file] = new Promise((resolve, reject) => {
    var script = proto.createElement.call(doc, 'script');
    var settle = (error) => {
      var module = script[${JSON.stringify(hook)}];
      script.remove();
      if (!error && module) {
        // Hashes of the chunks this one imports: trusted because this chunk passed its own check.
        for (var name in module[2]) if (!sri[name]) sri[name] = module[2][name];
        return resolve(run(module[0], module[1]));
      }
      delete loading[file];
      reject(failed(file, error || 'did not define its module'));
    };
    if (!src) throw failed(file, 'cannot be located: the main file was not loaded by a script src');
    if (!sri[file]) throw failed(file, 'has no integrity hash in the main file');
    script.src = new URL(file, home ? new URL(me.getAttribute('src'), home) : src).href;
    script.integrity = sri[file];
    script.crossOrigin = 'anonymous';
    if (nonce) script.setAttribute('nonce', nonce);
    script.onload = () => settle();
    script.onerror = () =>
      settle('could not be loaded, or its bytes do not match the integrity hash in the main file');
    // Marks the element as a loader's (markup cannot set a property): only its registration counts.
    script[${JSON.stringify(hook)}] = 0;
    get('head').appendChild(script);
  }));
var load = (ids, resolve, reject) => {
  Promise.resolve(ids[0]).then((id) => chunk(id.slice(2) + '.js')).then(resolve, reject);
};
var dependency = (id, exports) =>
  id == 'exports' ? exports : id == 'require' ? load : id == ${JSON.stringify(mainId)} ? main : chunk(id.slice(2) + '.js');
var run = (ids, factory) => {
  var exports = {};
  return Promise.all(ids.map((id) => dependency(id, exports))).then((args) => {
    factory.apply(undefined, args);
    return exports;
  });
};
var define = (ids, factory) => {
  factory.apply(undefined, ids.map((id) => dependency(id, main)));
};
// A chunk hands its module to the element that loaded it, if a loader of this version made it
// (another copy of the main file on the page, whose hook this replaces, reads its own elements).
if (doc) Object.defineProperty(self, ${JSON.stringify(hook)}, {
  configurable: true,
  value: (ids, factory, hashes) => {
    var script = get('currentScript');
    if (script && script[${JSON.stringify(hook)}] === 0) script[${JSON.stringify(hook)}] = [ids, factory, hashes];
  },
});
`;

/** Exposes the entry's public names (not the internal ones its chunks import) as the UMD file did. */
const expose = (names) => `
var api = {};
${JSON.stringify(names)}.forEach((name) => { api[name] = main[name]; });
Object.defineProperty(api, '__esModule', { value: true });
var root = typeof globalThis == 'object' ? globalThis : self;
if (typeof exports == 'object' && typeof module != 'undefined') module.exports = api;
else if (typeof root.define == 'function' && root.define.amd) root.define([], function () { return api; });
else root.auth0 = api;
`;

/**
 * The plugin. `names`: the entry's public exports; `hook`: the global a chunk hands its module to
 * (one per version, so two copies on a page never mix chunks); `banner`: the licence comment, or a
 * function that gives each chunk's.
 */
export function cdnChunks({ names, hook, banner }) {
  let main;
  return {
    name: 'cdn-chunks',
    outputOptions(options) {
      main = options.entryFileNames;
      if (typeof main !== 'string') throw new Error('cdn-chunks: entryFileNames must be a file name');
      // terser's NOINLINE annotation on the call rollup writes: inlined, the loader's define became
      // a variable and an apply() (+18 B gzip in the main file).
      return { ...options, amd: { ...options.amd, define: '/*@__NOINLINE__*/define' } };
    },
    banner(chunk) {
      const licence = typeof banner == 'function' ? banner(chunk) : banner;
      if (!chunk.isEntry) return `${licence}\n(function (define) {`;
      if (chunk.imports.length) throw new Error(`cdn-chunks: the main file imports ${chunk.imports} statically`);
      const mainId = `./${chunk.fileName.replace(/\.js$/, '')}`;
      return `${licence}\n(function () {${loader({ sri: slots(chunk, main), hook, mainId })}`;
    },
    footer(chunk) {
      if (chunk.isEntry) return `${expose(names)}})();`;
      const hashes = JSON.stringify(slots(chunk, main));
      return `})((ids, factory) => self[${JSON.stringify(hook)}](ids, factory, ${hashes}));`;
    },
    writeBundle(options, bundle) {
      // Each file's slots are filled once the files it names are final, so a chunk's own hash
      // covers the hashes it carries; the main file comes last.
      const pending = new Map(
        Object.values(bundle)
          .filter((c) => c.type === 'chunk')
          .map((c) => [c.fileName, Object.keys(slots(c, main))]),
      );
      const hashes = new Map();
      while (pending.size) {
        const ready = [...pending].find(([, deps]) => deps.every((f) => hashes.has(f)));
        if (!ready) throw new Error(`cdn-chunks: chunks import each other in a circle: ${[...pending.keys()]}`);
        const [name, deps] = ready;
        const file = join(options.dir, name);
        let code = readFileSync(file, 'utf8');
        for (const dep of deps) {
          if (!code.includes(placeholder(dep))) throw new Error(`cdn-chunks: no hash slot for ${dep} in ${name}`);
          code = code.replace(placeholder(dep), hashes.get(dep));
        }
        writeFileSync(file, code);
        hashes.set(name, `sha256-${createHash('sha256').update(code).digest('base64')}`);
        pending.delete(name);
      }
    },
  };
}
