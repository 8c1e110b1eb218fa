/** A plain GET of a JSON document with no headers (JWKS), on the one HTTP path. */
import type { BrowserEnv } from '../browser/env.js';
import { sendRequest } from './request.js';

/** Resolves with the parsed JSON body; rejects with an error whose message is the status text. */
export function fetchJson(env: BrowserEnv, url: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    sendRequest({ env }, { method: 'GET', url, noHeaders: true }, (err, response) => {
      if (err) reject(err);
      else resolve(response?.body ?? null);
    });
  });
}
