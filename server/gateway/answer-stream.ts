/**
 * An ERP answer on its way to the browser, checked while it streams:
 * - at most `maxBytes` (ERP_MAX_ANSWER_MB): past it the gateway stops reading (the ERP connection is
 *   closed) and the answer fails with upstream_too_large;
 * - never the API password in any form (echo-guard.ts), also when it is split across chunks.
 *
 * Once a 200 is sent it cannot become a 502. So the first `headBytes` (64 KiB) are held back and
 * checked before anything is committed: an echo, an over-large or broken answer found there is a
 * proper JSON error as before (and a small answer is complete by then). A failure later in the
 * stream errors the stream: the route then cuts the connection (audit-log.ts), the browser's
 * fetch fails, and its client shows "the answer was cut off" — never a partial list.
 */
import { echoError, type EchoScanner } from './echo-guard';
import { GatewayError, MESSAGES } from './messages';
import { tooLargeError, type UpstreamBody } from './upstream';

export const HEAD_BYTES = 64 * 1024;

export interface AnswerHead {
  status: number;
  contentType: string | null;
  /** The whole answer's size when it ended within the head (null: still streaming). */
  completeBytes: number | null;
}

export interface CheckedAnswer extends AnswerHead {
  /** The whole answer, head first; errors with a GatewayError when a check fails later on. */
  body: ReadableStream<Uint8Array>;
}

export interface AnswerChecks {
  scanner: EchoScanner | null;
  maxBytes: number;
  headBytes?: number;
}

/** Reads and checks the head of `up`; resolves with the checked stream of the whole answer, or throws a GatewayError. */
export async function checkedAnswer(up: UpstreamBody, checks: AnswerChecks): Promise<CheckedAnswer> {
  let bytes = 0;
  // The last bytes of what was read may be the start of an echo completed by the next chunk: they
  // are passed on only once that chunk was checked (or the answer ended). How many: the scanner says
  // after each chunk (more while a zero-padded character reference is open).
  let held: Uint8Array = new Uint8Array(0);
  /** Checks `chunk`, returns what may be passed on now. */
  const check = (chunk: Uint8Array): Uint8Array[] => {
    bytes += chunk.byteLength;
    if (bytes > checks.maxBytes) throw tooLargeError(checks.maxBytes);
    if (!checks.scanner) return [chunk];
    if (checks.scanner.push(chunk)) throw echoError(up.status);
    // The scanner keeps a suffix of (what it kept + chunk), and `held` is what it kept: hold ≤ both together.
    const hold = checks.scanner.window;
    if (chunk.byteLength >= hold) {
      const out = [held, chunk.subarray(0, chunk.byteLength - hold)];
      held = chunk.subarray(chunk.byteLength - hold);
      return out.filter((c) => c.byteLength > 0);
    }
    const joined = new Uint8Array(held.byteLength + chunk.byteLength);
    joined.set(held);
    joined.set(chunk, held.byteLength);
    held = joined.subarray(joined.byteLength - hold);
    return joined.byteLength > hold ? [joined.subarray(0, joined.byteLength - hold)] : [];
  };
  const rest = (): Uint8Array[] => (held.byteLength > 0 ? [held] : []);
  const head: Uint8Array[] = [];
  let headBytes = 0;
  let ended = false;
  try {
    while (headBytes < (checks.headBytes ?? HEAD_BYTES)) {
      const chunk = await up.read();
      if (!chunk) {
        ended = true;
        head.push(...rest());
        break;
      }
      headBytes += chunk.byteLength;
      head.push(...check(chunk));
    }
  } catch (err) {
    up.cancel();
    throw err;
  }
  const body = new ReadableStream<Uint8Array>(
    {
      start(controller) {
        for (const chunk of head.splice(0)) controller.enqueue(chunk);
        if (ended) controller.close();
      },
      async pull(controller) {
        try {
          // A pull that enqueues nothing is not called again: read on until something may go out.
          for (;;) {
            const chunk = await up.read();
            if (!chunk) {
              for (const c of rest()) controller.enqueue(c);
              controller.close();
              return;
            }
            const out = check(chunk);
            for (const c of out) controller.enqueue(c);
            if (out.length > 0) return;
          }
        } catch (err) {
          up.cancel();
          controller.error(err instanceof GatewayError ? err : new GatewayError('internal', MESSAGES.internal, { detail: 'stream' }));
        }
      },
      cancel() {
        up.cancel();
      },
    },
    { highWaterMark: HEAD_BYTES, size: (chunk) => chunk.byteLength },
  );
  return { status: up.status, contentType: up.contentType, completeBytes: ended ? bytes : null, body };
}
