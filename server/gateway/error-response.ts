/** A GatewayError as the JSON answer the browser reads ({error:{code,message}}), its code kept for the audit log. */
import type { Ctx } from './config';
import { type GatewayError, errorBody } from './messages';

export function jsonError(c: Ctx, err: GatewayError): Response {
  c.set('detail', err.detail ?? err.code);
  const headers: Record<string, string> = { 'x-gateway-error': '1', ...err.headers };
  return c.json(errorBody(err), err.status as 400, headers);
}
