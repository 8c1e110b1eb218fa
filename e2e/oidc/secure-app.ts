/**
 * The test app over HTTPS at `app.op.test`: the same site as the provider at `op.test`, so the
 * provider's session cookie reaches checkSession's hidden iframe (as with a custom domain on the
 * app's site), while the two stay separate origins (CORS for every token request).
 */
import { startAppServer, type AppServer } from '../support/app-server.js';
import { startHttpsProxy } from '../support/https-proxy.js';

export async function startSecureApp(host = 'app.op.test'): Promise<AppServer> {
  const app = await startAppServer();
  const proxy = await startHttpsProxy(app.url);
  return {
    url: `https://${host}:${proxy.port}`,
    port: proxy.port,
    close: async () => {
      await proxy.close();
      await app.close();
    },
  };
}
