/** The page of GET /co/verify: frames the app's verification page and posts back its verifier. */
import { escapeHtml, jsonForHtml, layout } from './layout.js';

export interface CoVerifyInput {
  id: string;
  coId: string;
  frameUrl: string;
  tenantOrigin: string;
}

export function coVerifyPage(input: CoVerifyInput): string {
  const config = {
    coId: input.coId,
    frameUrl: `${input.frameUrl.split('#')[0] ?? ''}#origin=${encodeURIComponent(input.tenantOrigin)}`,
    frameOrigin: new URL(input.frameUrl).origin,
  };
  return layout(
    'Verifying your login',
    `<h1>Verifying your login</h1>
<p class="muted" id="status">Checking with the application…</p>
<form method="post" action="/co/verify" id="co-verify-form">
<input type="hidden" name="id" value="${escapeHtml(input.id)}">
<input type="hidden" name="co_verifier" value="">
<noscript><p class="error">This step needs JavaScript.</p></noscript>
</form>
<iframe id="co-frame" title="Cross-origin verification" hidden></iframe>
<script type="application/json" id="co-config">${jsonForHtml(config)}</script>`,
    '<script src="/static/co-verify.js" defer></script>\n',
  );
}
