/** The auto-post form of a hosted-page login answer, taken out of the tenant's HTML safely. */

/** Input types that are not fields a form posts on its own. */
const NOT_POSTED = new Set(['submit', 'button', 'image', 'reset', 'file']);

/**
 * Parses `html` inertly (DOMParser: no scripts, no loads, no handlers) and rebuilds its first
 * `<form>` in `doc` as a plain form: its method, its http(s) action and its named fields as hidden
 * inputs, nothing else. Returns `undefined` when there is no such form. Unlike v10's `innerHTML`,
 * no other markup of the answer (images, handlers, styles) ever reaches the page.
 *
 * @example
 * ```ts
 * const form = autoPostForm(document, html);
 * if (form) document.body.appendChild(form).submit();
 * ```
 */
export function autoPostForm(doc: Document, html: string): HTMLFormElement | undefined {
  const source = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  if (!source) return undefined;
  let action: URL;
  try {
    action = new URL(source.getAttribute('action') ?? '', doc.baseURI);
  } catch {
    return undefined;
  }
  if (action.protocol !== 'https:' && action.protocol !== 'http:') return undefined;
  const form = doc.createElement('form');
  form.method = source.method === 'get' ? 'get' : 'post';
  form.action = action.href;
  for (const field of Array.from(source.querySelectorAll('input[name]')) as HTMLInputElement[]) {
    if (NOT_POSTED.has(field.type) || ((field.type === 'checkbox' || field.type === 'radio') && !field.checked))
      continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = field.name;
    input.value = field.value;
    form.appendChild(input);
  }
  return form;
}
