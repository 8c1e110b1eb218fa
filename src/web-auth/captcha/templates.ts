/**
 * What goes into the captcha element. The built-in templates are built as DOM nodes, so nothing
 * from a challenge is ever parsed as HTML. A caller's own template returns HTML (v10's API); it
 * gets a copy of the challenge whose string values are HTML-escaped, so interpolating them is safe.
 */
import type { Auth0Challenge } from '../../types.js';
import { containerClass, isScriptProvider } from './providers.js';
import type { CaptchaTemplates } from './types.js';

export const ERROR_TEXT = 'Error getting the bot detection challenge. Please contact the system administrator.';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a quoted attribute value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** A shallow copy of `challenge` with every string value HTML-escaped. */
export function escapedChallenge(challenge: Auth0Challenge): Auth0Challenge {
  const copy: Auth0Challenge = { ...challenge };
  for (const key of Object.keys(copy)) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = escapeHtml(value);
  }
  return copy;
}

function el(
  doc: Document,
  tag: string,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The built-in markup for `provider`: an image challenge with reload button, or a widget container. */
function defaultNodes(doc: Document, provider: string, challenge: Auth0Challenge): Node[] {
  const hidden = () => el(doc, 'input', { type: 'hidden', name: 'captcha' });
  if (isScriptProvider(provider)) return [el(doc, 'div', { class: containerClass(provider) }), hidden()];
  const placeholder = challenge.type === 'code' ? 'Enter the code shown above' : 'Solve the formula shown above';
  return [
    el(
      doc,
      'div',
      { class: 'captcha-challenge' },
      el(doc, 'img', {}),
      el(doc, 'button', { type: 'button', class: 'captcha-reload' }, '↺'),
    ),
    el(doc, 'input', { type: 'text', name: 'captcha', class: 'form-control captcha-control', placeholder }),
  ];
}

/** Fills `element` for `challenge` with the caller's template for its provider, else the built-in one. */
export function renderTemplate(
  doc: Document,
  element: HTMLElement,
  challenge: Auth0Challenge,
  templates: CaptchaTemplates | undefined,
): void {
  const provider = String(challenge.provider);
  const custom = templates?.[provider as keyof CaptchaTemplates] as ((c: Auth0Challenge) => string) | undefined;
  if (typeof custom === 'function') element.innerHTML = String(custom(escapedChallenge(challenge)));
  else element.replaceChildren(...defaultNodes(doc, provider, challenge));
}

/** Shows the error template (the caller's, else a red generic message). */
export function renderError(
  doc: Document,
  element: HTMLElement,
  err: Error,
  templates: CaptchaTemplates | undefined,
): void {
  if (typeof templates?.error === 'function') {
    element.innerHTML = String(templates.error(err));
    return;
  }
  const box = el(doc, 'div', { class: 'error' }, ERROR_TEXT);
  box.style.color = 'red'; // through CSSOM: a page whose CSP forbids inline styles still allows it
  element.replaceChildren(box);
}
