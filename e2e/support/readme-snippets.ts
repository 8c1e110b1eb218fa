/**
 * The README's (and docs/*.md's) code blocks marked `<!-- snippet: run (e2e/snippets.spec.ts: NAME ...) -->`, by NAME,
 * turned into code a page can run against the local tenant: the placeholder domain and client id
 * become the tenant's, TypeScript is stripped, package imports resolve through an import map.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import ts from 'typescript';
import type { AppServer } from './app-server.js';

const ROOT = new URL('../../', import.meta.url);
/** The user documentation whose snippets run: the README and every page of docs/. */
export const SNIPPET_FILES = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const MARKED = /<!-- snippet: run \(e2e\/snippets\.spec\.ts: ([\w-]+)[^\n]*-->\n\n?```(\w+)\n([\s\S]*?)```/g;

export interface ReadmeSnippet {
  lang: string;
  code: string;
}

/** Every runnable snippet of the README and docs/ by its name. */
export function readmeSnippets(): Map<string, ReadmeSnippet> {
  const out = new Map<string, ReadmeSnippet>();
  for (const file of SNIPPET_FILES) {
    for (const m of readFileSync(new URL(file, ROOT), 'utf8').matchAll(MARKED)) {
      if (out.has(m[1]!)) throw new Error(`two documentation snippets are named ${m[1]}`);
      out.set(m[1]!, { lang: m[2]!, code: m[3]! });
    }
  }
  return out;
}

/** The snippet's code for the local tenant: placeholders replaced, types stripped. */
export function forTenant(snippet: ReadmeSnippet, domain: string, clientID: string): string {
  const code = snippet.code
    .replaceAll("'your-tenant.example.com'", JSON.stringify(domain))
    .replaceAll("'YOUR_CLIENT_ID'", JSON.stringify(clientID));
  if (snippet.lang !== 'ts') return code;
  return ts.transpileModule(code, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
}

/** Where the page finds the package's entries and dependencies, as the app server serves them. */
export const IMPORT_MAP = `<script type="importmap">${JSON.stringify({
  imports: {
    'webauth-js': '/dist/esm/index.js',
    'webauth-js/modular': '/dist/esm/modular/index.js',
    jose: '/node_modules/jose/dist/webapi/index.js',
    'idb-keyval': '/node_modules/idb-keyval/dist/index.js',
  },
})}</script>`;

/** A page holding `body` and module `code`, ending with `window.snippetScope = { ...names }`. */
export function modulePage(code: string, names: string[], body = ''): string {
  const expose = `\nwindow.snippetScope = { ${names.join(', ')} };\n`;
  return `<!doctype html><meta charset="utf-8"><body>${body}${IMPORT_MAP}<script type="module">${code}${expose}</script></body>`;
}

/** A site whose `/` and `/callback` answer the current `pages`; every other path is the app server's. */
export interface SnippetSite extends AppServer {
  pages: Record<string, string>;
}

/**
 * Starts the site on 127.0.0.1. A real server, not a Playwright route: routes do not see the
 * navigation a tenant redirect leads to.
 */
export function startSnippetSite(appServerUrl: string): Promise<SnippetSite> {
  const site = { pages: {} } as SnippetSite;
  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?', 1)[0]!;
    const page = site.pages[path];
    if (page !== undefined) return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    const upstream = request(new URL(req.url ?? '/', appServerUrl), { method: req.method }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    upstream.end();
  });
  return new Promise((done, fail) => {
    server.once('error', fail).listen(0, '127.0.0.1', () => {
      site.port = (server.address() as AddressInfo).port;
      site.url = `http://127.0.0.1:${site.port}`;
      site.close = () =>
        new Promise<void>((closed) => {
          server.close(() => closed());
          server.closeAllConnections();
        });
      done(site);
    });
  });
}
