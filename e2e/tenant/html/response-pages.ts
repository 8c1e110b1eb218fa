/**
 * The two response modes that answer with a page instead of a redirect: `form_post` (a form that
 * posts itself to the redirect URI) and `web_message` (a page that posts
 * `{ type: 'authorization_response', response }` to its opener or parent, to the redirect URI's
 * origin only). Their scripts are constants, allowed by hash.
 */
import { escapeHtml, htmlHeaders, jsonForHtml, layout, sha256Source } from './layout.js';

const AUTO_SUBMIT = "document.getElementById('response-form').submit();";
const POST_MESSAGE =
  "(function(){var d=JSON.parse(document.getElementById('authorization-response').textContent);" +
  'var t=window.opener||window.parent;' +
  "if(t&&t!==window){t.postMessage({type:'authorization_response',response:d.response},d.origin);}})();";

export function formPostPage(
  redirectUri: string,
  params: ReadonlyArray<readonly [string, string]>,
): { html: string; headers: Record<string, string> } {
  const inputs = params
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('\n');
  const html = layout(
    'Submit this form',
    `<form method="post" action="${escapeHtml(redirectUri)}" id="response-form">
${inputs}
<noscript><p>JavaScript is disabled. Continue to the application:</p><button type="submit">Continue</button></noscript>
</form>
<script>${AUTO_SUBMIT}</script>`,
  );
  const origin = new URL(redirectUri).origin;
  return { html, headers: htmlHeaders({ scripts: [sha256Source(AUTO_SUBMIT)], formTargets: [origin] }) };
}

export function webMessagePage(
  redirectUri: string,
  response: Record<string, string>,
): { html: string; headers: Record<string, string> } {
  const origin = new URL(redirectUri).origin;
  const html = layout(
    'Authorization response',
    `<p class="muted">Returning to the application…</p>
<script type="application/json" id="authorization-response">${jsonForHtml({ origin, response })}</script>
<script>${POST_MESSAGE}</script>`,
  );
  // Loaded in the application's hidden iframe (checkSession), so that origin may frame it.
  return { html, headers: htmlHeaders({ scripts: [sha256Source(POST_MESSAGE)], frameAncestors: [origin] }) };
}
