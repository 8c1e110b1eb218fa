/**
 * Node's view of the provider, for a test to read the provider's side of what a page holds: plain
 * HTTPS requests to 127.0.0.1 under the provider's name, trusting its certificate only.
 */
import { request } from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, any>;
}

export interface ProviderClient {
  /** Any request; a `form` body is sent as application/x-www-form-urlencoded. */
  send(
    method: string,
    path: string,
    init?: { form?: Record<string, string>; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** RFC 7662 introspection as the confidential `introspector` client. */
  introspect(token: string, hint?: 'access_token' | 'refresh_token'): Promise<Record<string, any>>;
}

export function providerClient(o: {
  port: number;
  host: string;
  ca: string;
  introspector: [string, string];
}): ProviderClient {
  const send: ProviderClient['send'] = (method, path, init = {}) =>
    new Promise((resolve, reject) => {
      const body = init.form ? new URLSearchParams(init.form).toString() : undefined;
      const headers: Record<string, string> = { host: `${o.host}:${o.port}`, ...init.headers };
      if (body !== undefined) headers['content-type'] = 'application/x-www-form-urlencoded';
      const req = request(
        { host: '127.0.0.1', port: o.port, servername: o.host, ca: o.ca, method, path, headers },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => {
            let parsed: Record<string, any>;
            try {
              parsed = text ? JSON.parse(text) : {};
            } catch {
              parsed = { text };
            }
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  const basic = `Basic ${Buffer.from(o.introspector.map(encodeURIComponent).join(':')).toString('base64')}`;
  return {
    send,
    introspect: async (token, hint) => {
      const form: Record<string, string> = { token };
      if (hint) form.token_type_hint = hint;
      const answer = await send('POST', '/oauth/introspect', { form, headers: { authorization: basic } });
      if (answer.status !== 200) throw new Error(`introspection answered ${answer.status}`);
      return answer.body;
    },
  };
}
