/** Reading a fetched response's body the one way both HTTP paths (API client, key sets) read it. */

/** The response's media type (no parameters, lower-cased), its text, and its JSON body or null. */
export async function readJsonBody(response: Response): Promise<{ type: string; text: string; body: unknown }> {
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const text = await response.text();
  let body: unknown = null;
  try {
    // Another media type, an empty body or broken JSON has no body (null).
    if (type === 'application/json' || type.endsWith('+json')) body = JSON.parse(text);
  } catch {
    // left null
  }
  return { type, text, body };
}
