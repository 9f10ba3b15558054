/**
 * One ERP request for identical calls in flight: callers asking for the same operation with the same
 * parameters while a request for it is under way share its answer (every user reads with the same API
 * password, so nothing leaks; each caller has passed its own session check before getting here).
 *
 * Memory: nothing is kept after an answer completes. A flight can be joined until its first
 * JOIN_WINDOW bytes have been read (those are kept for late joiners, then dropped); after that a new
 * identical call starts its own request.
 *
 * Pace: the answer is read as fast as the FASTEST remaining caller takes it (the pump runs whenever
 * any caller has room, and is restarted by every caller's read and every caller's leaving — never
 * only by one caller's pull). The chunks are shared, so a slower caller costs no copies: its queue is
 * references to the same bytes. A caller more than LAG_LIMIT bytes behind the fastest is cut off
 * (`too_slow`: its browser shows "the answer was cut off" and may ask again, which starts a request of
 * its own) — so the memory one shared answer holds is at most LAG_LIMIT, whatever its callers do.
 *
 * Leaving: a caller that goes away only leaves, at any stage — while the ERP has not answered yet
 * (its AbortSignal), or while the answer streams (its stream is cancelled). When the last one leaves,
 * the ERP request is aborted (before its headers, during its first bytes, or mid-stream).
 * A failure (before or during the stream) reaches every caller.
 */
import type { AnswerHead, CheckedAnswer } from './answer-stream';
import { GatewayError, MESSAGES, abortedError } from './messages';

export const JOIN_WINDOW = 1024 * 1024;
/** Room each caller's queue asks to be filled to (the pump reads while any caller is below it). */
const SUBSCRIBER_BUFFER = 256 * 1024;
/** A caller further behind the fastest caller than this is cut off (memory bound of a shared answer). */
export const LAG_LIMIT = 16 * 1024 * 1024;

interface Subscriber {
  controller: ReadableStreamDefaultController<Uint8Array>;
}

/** Fans one stream out to any number of readers, keeping its first `window` bytes for late joiners. */
class Broadcast {
  private readonly subscribers = new Set<Subscriber>();
  private kept: Uint8Array[] | null = [];
  private keptBytes = 0;
  private pumping = false;
  private state: 'open' | 'done' | 'failed' = 'open';
  private failure: unknown;

  /** `forget` takes the flight off the list of joinable ones (it is called once the answer ended or grew past the window). */
  constructor(
    private readonly source: ReadableStreamDefaultReader<Uint8Array>,
    private readonly window: number,
    private readonly lagLimit: number,
    private readonly forget: () => void,
  ) {}

  /** A stream of the whole answer from its first byte, or null when the flight can no longer be joined. */
  join(): ReadableStream<Uint8Array> | null {
    const kept = this.kept;
    if (!kept) return null;
    let me: Subscriber;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          me = { controller };
          for (const chunk of kept) controller.enqueue(chunk);
          if (this.state === 'done') controller.close();
          else if (this.state === 'failed') controller.error(this.failure);
          else this.subscribers.add(me);
        },
        pull: () => {
          void this.pump();
        },
        cancel: () => this.leave(me),
      },
      { highWaterMark: SUBSCRIBER_BUFFER, size: (chunk) => chunk.byteLength },
    );
  }

  /** Nobody joined after all (every waiting caller left before the answer came): stop the ERP request. */
  abandonIfUnread(): void {
    if (this.subscribers.size === 0 && this.state === 'open') this.stop();
  }

  private leave(me: Subscriber): void {
    this.subscribers.delete(me);
    if (this.subscribers.size === 0 && this.state === 'open') this.stop();
    // The one who left may have been the one holding the others back: go on at the others' pace.
    else void this.pump();
  }

  /** Everybody left: stop the ERP request; nobody may join what is no longer read. */
  private stop(): void {
    this.state = 'failed';
    this.failure = abortedError();
    this.kept = null;
    this.forget();
    this.source.cancel().catch(() => undefined);
  }

  private hasRoom(): boolean {
    for (const s of this.subscribers) if ((s.controller.desiredSize ?? 0) > 0) return true;
    return false;
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.state !== 'open') return;
    this.pumping = true;
    try {
      // Read while any reader has room (the fastest sets the pace).
      while (this.state === 'open' && this.subscribers.size > 0 && this.hasRoom()) {
        const { done, value } = await this.source.read();
        if (this.state !== 'open') return;
        if (done) {
          this.state = 'done';
          for (const s of this.subscribers) s.controller.close();
          this.subscribers.clear();
          // Callers already waiting may still join (the kept prefix is then the whole, small answer);
          // it is garbage once they have it.
          this.forget();
          return;
        }
        if (this.kept) {
          this.keptBytes += value.byteLength;
          if (this.keptBytes > this.window) {
            this.kept = null;
            this.forget();
          } else this.kept.push(value);
        }
        for (const s of [...this.subscribers]) {
          s.controller.enqueue(value);
          // Queued bytes = SUBSCRIBER_BUFFER − desiredSize: too far behind the fastest → cut off.
          if (SUBSCRIBER_BUFFER - (s.controller.desiredSize ?? 0) > this.lagLimit) {
            this.subscribers.delete(s);
            s.controller.error(new GatewayError('internal', MESSAGES.internal, { detail: 'too_slow' }));
          }
        }
        if (this.subscribers.size === 0) this.stop();
      }
    } catch (err) {
      this.state = 'failed';
      this.failure = err;
      for (const s of this.subscribers) s.controller.error(err);
      this.subscribers.clear();
      this.forget();
    } finally {
      this.pumping = false;
    }
  }
}

interface Flight {
  ready: Promise<AnswerHead & { broadcast: Broadcast }>;
  /** Callers still waiting for `ready` (the flight stays joinable for them). */
  waiting: number;
  /** Aborts the ERP request (every waiting caller left before it answered). */
  abort: AbortController;
}

export interface SharedAnswer extends AnswerHead {
  body: ReadableStream<Uint8Array>;
  /** True when this caller joined a request another caller had started. */
  coalesced: boolean;
}

export class Flights {
  private readonly inFlight = new Map<string, Flight>();

  constructor(
    private readonly window = JOIN_WINDOW,
    private readonly lagLimit = LAG_LIMIT,
  ) {}

  /** Requests in flight that can still be joined (tests, figures). */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * The answer for `key`: joins an identical request in flight, or starts one with `start` (given the
   * signal that aborts the ERP request). `signal`: this caller left (rejects with abortedError; the
   * ERP request is aborted when nobody else waits for it).
   */
  async answer(key: string, start: (signal: AbortSignal) => Promise<CheckedAnswer>, signal?: AbortSignal): Promise<SharedAnswer> {
    if (signal?.aborted) throw abortedError();
    const existing = this.inFlight.get(key);
    const flight = existing ?? this.launch(key, start);
    flight.waiting++;
    let left = false;
    let onAbort: (() => void) | undefined;
    const gone = new Promise<never>((_, reject) => {
      onAbort = () => {
        left = true;
        reject(abortedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
    gone.catch(() => undefined);
    let head: AnswerHead & { broadcast: Broadcast };
    try {
      head = await Promise.race([flight.ready, gone]);
    } catch (err) {
      if (left) this.leftWaiting(key, flight);
      throw err;
    } finally {
      flight.waiting--;
      if (onAbort) signal?.removeEventListener('abort', onAbort);
    }
    if (signal?.aborted) {
      if (flight.waiting === 0) head.broadcast.abandonIfUnread();
      throw abortedError();
    }
    const body = head.broadcast.join();
    // Joined too late (the first JOIN_WINDOW bytes are gone): a request of its own.
    if (!body) return { ...(await this.answer(key, start, signal)), coalesced: false };
    const { status, contentType, completeBytes } = head;
    return { status, contentType, completeBytes, body, coalesced: !!existing };
  }

  /** A caller left before the answer came: the last one to leave aborts the ERP request. */
  private leftWaiting(key: string, flight: Flight): void {
    // `waiting` still counts this caller here (it is decremented in answer()'s finally).
    if (flight.waiting > 1) return;
    if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    flight.abort.abort(abortedError());
    flight.ready.then((h) => h.broadcast.abandonIfUnread(), () => undefined);
  }

  private launch(key: string, start: (signal: AbortSignal) => Promise<CheckedAnswer>): Flight {
    const forget = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    const abort = new AbortController();
    const flight: Flight = {
      waiting: 0,
      abort,
      ready: start(abort.signal).then(
        (answer) => {
          const broadcast = new Broadcast(answer.body.getReader(), this.window, this.lagLimit, forget);
          return { status: answer.status, contentType: answer.contentType, completeBytes: answer.completeBytes, broadcast };
        },
        (err: unknown) => {
          forget();
          throw err;
        },
      ),
    };
    flight.ready.catch(() => undefined);
    this.inFlight.set(key, flight);
    return flight;
  }
}
