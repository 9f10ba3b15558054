/**
 * Around every /api call: the audit log line and the API response headers (no-store, nosniff).
 * One JSON line per call — time, user, operation, status, ms (to the answer's last byte), bytes (the
 * answer as the ERP/gateway produced it), wireBytes and encoding when compressed, coalesced when the
 * answer was shared with identical calls in flight, error detail — never a password or parameter value.
 *
 * The answer's body passes through here last: a body that fails after its 200 was sent (too large,
 * password echo, ERP connection lost) cuts the connection instead of ending the answer, so the
 * browser's fetch fails rather than reading a truncated answer as whole; the line then says
 * `"cut": true` and the reason.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AnswerMeter, GatewayEnv } from './config';
import { GatewayError } from './messages';

/** Destroys the browser's connection when served by @hono/node-server (dev and prod servers). */
function cutConnection(c: Context<GatewayEnv>): boolean {
  const outgoing = (c.env as { outgoing?: { destroy(): void; destroyed?: boolean } } | undefined)?.outgoing;
  if (!outgoing || typeof outgoing.destroy !== 'function') return false;
  outgoing.destroy();
  return true;
}

export function auditLog(log: (line: string) => void, now: () => number): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const started = performance.now();
    const meter: AnswerMeter = { bytes: 0 };
    c.set('answer', meter);
    c.set('op', `${c.req.method} ${new URL(c.req.url).pathname.slice(0, 80)}`);
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    let wireBytes = 0;
    const write = (extra: { cut?: string; closed?: boolean }) => {
      const user = c.get('user');
      const detail = extra.cut ?? c.get('detail');
      log(
        JSON.stringify({
          time: new Date(now()).toISOString(),
          user: user?.userName ?? null,
          op: c.get('op'),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          bytes: meter.encoding ? meter.bytes : wireBytes,
          ...(meter.encoding ? { wireBytes, encoding: meter.encoding } : {}),
          ...(meter.coalesced ? { coalesced: true } : {}),
          ...(extra.cut ? { cut: true } : {}),
          ...(extra.closed ? { closed: true } : {}),
          ...(detail ? { error: detail } : {}),
        }),
      );
    };
    const res = c.res;
    if (!res.body) {
      write({});
      return;
    }
    const reader = res.body.getReader();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          const reason = err instanceof GatewayError ? (err.detail ?? err.code) : 'stream_failed';
          write({ cut: reason });
          // In a Node server: cut the socket and end our side quietly. Elsewhere (tests calling
          // gateway.fetch): the reader of this body sees the error itself.
          if (cutConnection(c)) controller.close();
          else controller.error(err);
          return;
        }
        if (chunk.done) {
          write({});
          controller.close();
          return;
        }
        wireBytes += chunk.value.byteLength;
        controller.enqueue(chunk.value);
      },
      cancel(reason) {
        // The browser went away (closed the tab, navigated): stop the work behind this answer.
        write({ closed: true });
        return reader.cancel(reason);
      },
    });
    c.res = new Response(body, { status: res.status, headers: res.headers });
  };
}
