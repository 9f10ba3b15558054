/**
 * Reading the request body as one JSON object (else 400). Its size is bounded before this by Hono's
 * bodyLimit middleware (app.ts: maxBodyBytes, default 16 KiB → 413 payload_too_large).
 */
import type { Context } from 'hono';
import { GatewayError, MESSAGES } from './messages';

/** The request body as a JSON object (empty body → {}). */
export async function readJsonObject(c: Context): Promise<Record<string, unknown>> {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  if (bytes.byteLength === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new GatewayError('bad_request', MESSAGES.badJson);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new GatewayError('bad_request', MESSAGES.badJson);
  return value as Record<string, unknown>;
}
