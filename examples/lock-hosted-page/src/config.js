// The configuration the tenant injects: base64 of UTF-8 JSON in <meta name="login-page-config">.
export function readLoginPageConfig(doc) {
  const encoded = doc.querySelector('meta[name="login-page-config"]')?.getAttribute('content') ?? '';
  const bytes = Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0));
  const config = JSON.parse(new TextDecoder().decode(bytes));
  config.extraParams = config.extraParams ?? {};
  config.internalOptions = config.internalOptions ?? {};
  return config;
}
