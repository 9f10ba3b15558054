/**
 * How the parameters of an ERP call travel (ERP_BODY): always in the POST body, never in the URL
 * (the URL carries only the API password, which the gateway adds).
 * - `form` (default, the spec's examples): application/x-www-form-urlencoded, UTF-8, one field per
 *   parameter. WEX hands these to a component only when the component reads the form scope itself.
 * - `json`: application/json, one flat object of strings — what WEX hands a component as its
 *   arguments (the body as one struct), and what the vendor's script examples post.
 */
export type ErpBodyMode = 'form' | 'json';
export const ERP_BODY_MODES: readonly ErpBodyMode[] = ['form', 'json'];

export function encodeErpBody(mode: ErpBodyMode | undefined, params: ReadonlyArray<readonly [string, string]>): { contentType: string; body: string } {
  if (mode === 'json') {
    const object: Record<string, string> = {};
    for (const [k, v] of params) object[k] = v;
    return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(object) };
  }
  const form = new URLSearchParams();
  for (const [k, v] of params) form.append(k, v);
  return { contentType: 'application/x-www-form-urlencoded; charset=UTF-8', body: form.toString() };
}
