/**
 * A bound on one session's ERP calls at a time, so one logged-in user (or one runaway tab) cannot take
 * every ERP connection: at most `max` (default 6, a browser's own limit per host over HTTP/1.1) run at
 * once; up to `queue` more wait at most `waitMs` (default 5 s) for one to finish, in order; beyond
 * that, or after the wait, the call is refused with 429 rate_limited, a Turkish message and
 * Retry-After. A call's slot is held until its answer has been sent (or cut off, or abandoned).
 * A caller that leaves while waiting gives up its place. Per gateway process (several instances
 * behind a balancer each apply it).
 */
import { GatewayError, MESSAGES, abortedError, fill } from './messages';

export interface SessionCallLimits {
  max: number;
  queue: number;
  waitMs: number;
}

export const DEFAULT_SESSION_CALLS: SessionCallLimits = { max: 6, queue: 12, waitMs: 5000 };

interface Lane {
  running: number;
  waiters: Array<() => void>;
}

export class SessionCalls {
  private readonly lanes = new Map<string, Lane>();
  private readonly limits: SessionCallLimits;

  constructor(limits: Partial<SessionCallLimits> = {}) {
    this.limits = { ...DEFAULT_SESSION_CALLS, ...limits };
  }

  /** Calls running now for `sid` (tests, figures). */
  running(sid: string): number {
    return this.lanes.get(sid)?.running ?? 0;
  }

  /** A slot for one call of session `sid`; resolves with its release (call it exactly once). */
  async acquire(sid: string, signal?: AbortSignal): Promise<() => void> {
    let lane = this.lanes.get(sid);
    if (!lane) {
      lane = { running: 0, waiters: [] };
      this.lanes.set(sid, lane);
    }
    const l = lane;
    if (l.running >= this.limits.max) {
      if (l.waiters.length >= this.limits.queue) throw this.refusal();
      await new Promise<void>((ok, fail) => {
        const go = () => {
          clear();
          ok();
        };
        const giveUp = (err: GatewayError) => {
          clear();
          const i = l.waiters.indexOf(go);
          if (i >= 0) l.waiters.splice(i, 1);
          this.dropIfIdle(sid, l);
          fail(err);
        };
        const timer = setTimeout(() => giveUp(this.refusal()), this.limits.waitMs);
        const onAbort = () => giveUp(abortedError());
        const clear = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', onAbort);
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        l.waiters.push(go);
      });
    }
    l.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      l.running--;
      const next = l.waiters.shift();
      if (next) next();
      else this.dropIfIdle(sid, l);
    };
  }

  private dropIfIdle(sid: string, lane: Lane): void {
    if (lane.running === 0 && lane.waiters.length === 0 && this.lanes.get(sid) === lane) this.lanes.delete(sid);
  }

  private refusal(): GatewayError {
    const seconds = Math.max(1, Math.ceil(this.limits.waitMs / 1000));
    return new GatewayError('rate_limited', fill(MESSAGES.tooManyCalls, { max: this.limits.max, seconds }), {
      headers: { 'retry-after': String(seconds) },
      detail: 'session_calls',
    });
  }
}

/** `body` passed through unchanged; `done` is called once when it ends, fails or is cancelled. */
export function onStreamEnd(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (err) {
          done();
          controller.error(err);
          return;
        }
        if (chunk.done) {
          done();
          controller.close();
        } else controller.enqueue(chunk.value);
      },
      cancel(reason) {
        done();
        return reader.cancel(reason);
      },
    },
    { highWaterMark: 0 },
  );
}
