/** Reading the request body: at most `max` bytes (else 413), as one JSON object (else 400). */
import type { Context } from 'hono';
import { GatewayError, MESSAGES } from './messages';

async function readBody(c: Context, max: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length'));
  if (Number.isFinite(declared) && declared > max) throw new GatewayError('payload_too_large', MESSAGES.payloadTooLarge);
  const stream = c.req.raw.body;
  if (!stream) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw new GatewayError('payload_too_large', MESSAGES.payloadTooLarge);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.byteLength;
  }
  return out;
}

/** The request body as a JSON object (empty body → {}). */
export async function readJsonObject(c: Context, max: number): Promise<Record<string, unknown>> {
  const bytes = await readBody(c, max);
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
