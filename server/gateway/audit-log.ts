/**
 * Around every /api call: the audit log line and the API response headers (no-store, nosniff).
 * One JSON line per call — time, user, operation, status, ms (to the answer's last byte), bytes (the
 * answer as the ERP/gateway produced it), wireBytes and encoding when compressed, coalesced when the
 * answer was shared with identical calls in flight, error detail — never a password or parameter value.
 *
 * The answer's body passes through here last: a body that fails after its 200 was sent (too large,
 * password echo, ERP connection lost) cuts the connection instead of ending the answer, so the
 * browser's fetch fails rather than reading a truncated answer as whole; the line then says
 * `"cut": true` and the reason (`client_stalled`: the caller took no byte for `clientStallMs`).
 * A caller that left before its answer was complete is logged once, as `"status": 499,
 * "aborted": true` — never as a 200.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { AnswerMeter, GatewayEnv } from './config';
import { GatewayError } from './messages';

type Outgoing = { destroy(): void; destroyed?: boolean };

/** The browser's connection when served by @hono/node-server (dev and prod servers). */
function outgoingOf(c: Context<GatewayEnv>): Outgoing | undefined {
  const outgoing = (c.env as { outgoing?: Outgoing } | undefined)?.outgoing;
  return outgoing && typeof outgoing.destroy === 'function' ? outgoing : undefined;
}

/** Default of `clientStallMs`: a caller that has taken no byte of a waiting answer for this long is cut off. */
export const CLIENT_STALL_MS = 60_000;

export function auditLog(log: (line: string) => void, now: () => number, stallMs = CLIENT_STALL_MS): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    const started = performance.now();
    const meter: AnswerMeter = { bytes: 0 };
    c.set('answer', meter);
    c.set('op', `${c.req.method} ${new URL(c.req.url).pathname.slice(0, 80)}`);
    await next();
    c.header('cache-control', 'no-store');
    c.header('x-content-type-options', 'nosniff');
    let wireBytes = 0;
    let written = false;
    /** The one line of this request (a second call — e.g. a cancel after a cut — writes nothing). */
    const write = (extra: { cut?: string; aborted?: boolean }) => {
      if (written) return;
      written = true;
      const user = c.get('user');
      const aborted = extra.aborted || c.req.raw.signal.aborted;
      const detail = extra.cut ?? c.get('detail');
      log(
        JSON.stringify({
          time: new Date(now()).toISOString(),
          user: user?.userName ?? null,
          op: c.get('op'),
          // 499 (nginx's "client closed request"): the caller left before the whole answer was sent.
          status: aborted && !extra.cut ? 499 : c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
          bytes: meter.encoding ? meter.bytes : wireBytes,
          ...(meter.encoding ? { wireBytes, encoding: meter.encoding } : {}),
          ...(meter.coalesced ? { coalesced: true } : {}),
          ...(extra.cut ? { cut: true } : {}),
          ...(aborted && !extra.cut ? { aborted: true } : {}),
          ...(detail && detail !== 'aborted' ? { error: detail } : {}),
        }),
      );
    };
    const res = c.res;
    if (!res.body) {
      write({});
      return;
    }
    const outgoing = outgoingOf(c);
    const reader = res.body.getReader();
    // A caller that stops reading is cut off, so it holds no ERP connection and no memory. The server
    // asks this stream for the next chunk only once the previous one went into the socket (a full
    // socket: it waits for "drain"), so a chunk handed over and not taken for stallMs is a caller that
    // does not read. While this stream itself waits for the ERP, no clock runs here (the ERP's own
    // time limit applies).
    let stalled = false;
    let stallTimer: ReturnType<typeof setTimeout> | undefined;
    const onStall = () => {
      if (!outgoing || outgoing.destroyed) return;
      stalled = true;
      write({ cut: 'client_stalled' });
      outgoing.destroy();
      reader.cancel().catch(() => undefined);
    };
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        clearTimeout(stallTimer); // the caller took the last chunk
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          const reason = err instanceof GatewayError ? (err.detail ?? err.code) : 'stream_failed';
          if (reason === 'aborted') write({ aborted: true });
          else write({ cut: reason });
          // In a Node server: cut the socket and end our side quietly. Elsewhere (tests calling
          // gateway.fetch): the reader of this body sees the error itself.
          if (outgoing) {
            outgoing.destroy();
            controller.close();
          } else controller.error(err);
          return;
        }
        if (stalled) return;
        if (chunk.done) {
          write({});
          controller.close();
          return;
        }
        wireBytes += chunk.value.byteLength;
        controller.enqueue(chunk.value);
        if (outgoing) {
          stallTimer = setTimeout(onStall, stallMs);
          stallTimer.unref?.();
        }
      },
      cancel(reason) {
        clearTimeout(stallTimer);
        // The browser went away (closed the tab, navigated): stop the work behind this answer.
        write({ aborted: true });
        return reader.cancel(reason);
      },
    });
    c.res = new Response(body, { status: res.status, headers: res.headers });
  };
}
