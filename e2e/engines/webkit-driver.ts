/**
 * WebKit through classic WebDriver: Debian's WebKitWebDriver drives WebKitGTK's MiniBrowser, which
 * needs an X display (its headless mode did not start here): without DISPLAY an Xvfb of our own
 * is started. One driver for the suite, a new MiniBrowser (a new ephemeral profile) per session,
 * with Intelligent Tracking Prevention on as in Safari (without it, WebKitGTK's own default lets a
 * tenant cookie set first-party reach a third-party frame).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { DEFAULT_WAIT_MS, callSource, pollUntil, type EnginePage, type EngineSession } from './driver.js';

export const WEBKIT_DRIVER_PATH = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER_PATH = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';

interface Driver {
  base: string;
  processes: ChildProcess[];
}
let driver: Promise<Driver> | undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Starts Xvfb on a display it picks itself (`-displayfd`) and resolves with `:N`. */
function startXvfb(processes: ChildProcess[]): Promise<string> {
  const xvfb = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'ignore', 'pipe'],
  });
  processes.push(xvfb);
  return new Promise((resolve, reject) => {
    let out = '';
    xvfb.stdio[3]!.on('data', (chunk) => {
      out += chunk;
      if (out.includes('\n')) resolve(`:${out.trim()}`);
    });
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code}) before it named its display`)));
  });
}

async function startDriver(): Promise<Driver> {
  const processes: ChildProcess[] = [];
  const env = { ...process.env };
  if (!env.DISPLAY) env.DISPLAY = await startXvfb(processes);
  const port = await freePort();
  processes.push(spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: 'ignore' }));
  const base = `http://127.0.0.1:${port}`;
  await pollUntil(async () => (await fetch(`${base}/status`)).ok, 10_000, 'WebKitWebDriver to listen');
  return { base, processes };
}

export async function closeWebKit(): Promise<void> {
  const d = driver && (await driver.catch(() => undefined));
  driver = undefined;
  for (const p of d?.processes.reverse() ?? []) p.kill();
}

async function command(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { value: any };
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

export async function webkitSession(): Promise<EngineSession> {
  const { base } = await (driver ??= startDriver());
  const created = await command(base, 'POST', '/session', {
    capabilities: {
      alwaysMatch: {
        acceptInsecureCerts: true,
        // Safari ships with Intelligent Tracking Prevention on; the MiniBrowser needs the flag.
        'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation', '--enable-itp'] },
      },
    },
  });
  const session = `${base}/session/${created.sessionId}`;
  const call = (method: string, path: string, body?: unknown) => command(session, method, path, body);
  await call('POST', '/timeouts', { script: 60_000, pageLoad: 60_000, implicit: 0 });
  let current: string = await call('GET', '/window');

  const page = (handle: string): EnginePage => {
    const on = async <T>(run: () => Promise<T>): Promise<T> => {
      if (current !== handle) {
        await call('POST', '/window', { handle });
        current = handle;
      }
      return run();
    };
    const run = async (fn: (arg: never) => unknown, arg: unknown) => {
      const script = `const done = arguments[arguments.length - 1];
        Promise.resolve().then(() => ${callSource(fn, arg)}).then(
          (v) => done({ ok: v === undefined ? null : v }),
          (e) => done({ err: String((e && e.message) || e) }));`;
      const out = await on(() => call('POST', '/execute/async', { script, args: [] }));
      if (out && 'err' in out) throw new Error(out.err);
      return out?.ok;
    };
    const element = async (selector: string) => {
      let found: any;
      await pollUntil(
        async () => (found = await on(() => call('POST', '/element', { using: 'css selector', value: selector }))),
        DEFAULT_WAIT_MS,
        selector,
      );
      return found[ELEMENT] as string;
    };
    const url = () => on(() => call('GET', '/url')) as Promise<string>;
    const handles = async () => (await call('GET', '/window/handles')) as string[];
    return {
      goto: (to) => on(() => call('POST', '/url', { url: to })),
      url,
      evaluate: (fn, arg) => run(fn, arg),
      waitFor: (fn, arg, timeout = DEFAULT_WAIT_MS) =>
        pollUntil(() => run(fn, arg), timeout, 'a condition in the page'),
      waitForUrl: (test, timeout = DEFAULT_WAIT_MS) =>
        pollUntil(async () => test(new URL(await url())), timeout, 'a URL'),
      fill: async (selector, value) => {
        const id = await element(selector);
        await on(() => call('POST', `/element/${id}/value`, { text: value }));
      },
      click: async (selector) => {
        const id = await element(selector);
        await on(() => call('POST', `/element/${id}/click`, {}));
      },
      popupFrom: async (action) => {
        const before = new Set(await handles());
        await action();
        let opened: string | undefined;
        await pollUntil(
          async () => (opened = (await handles()).find((h) => !before.has(h))),
          DEFAULT_WAIT_MS,
          'a popup',
        );
        return page(opened!);
      },
      waitForClose: (timeout = DEFAULT_WAIT_MS) =>
        pollUntil(async () => !(await handles()).includes(handle), timeout, 'the window to close'),
    };
  };
  return {
    page: page(current),
    newPage: async () => page((await call('POST', '/window/new', { type: 'tab' })).handle as string),
    addPasskeyAuthenticator: async () => ({
      unavailable: "WebKitWebDriver answers 'unknown command' to WebDriver's virtual authenticator",
    }),
    version: `WebKitGTK ${created.capabilities.browserVersion}`,
    close: async () => void (await call('DELETE', '').catch(() => {})),
  };
}
