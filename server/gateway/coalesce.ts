/**
 * One ERP request for identical calls in flight: callers asking for the same operation with the same
 * parameters while a request for it is under way share its answer (every user reads with the same API
 * password, so nothing leaks; each caller has passed its own session check before getting here).
 *
 * Joining: a flight can be joined until its first JOIN_WINDOW bytes have been read (those are kept
 * for late joiners); after that a new identical call starts its own request. Nothing is kept after
 * the last caller is done.
 *
 * Pace: the answer is read from the ERP as fast as the FASTEST caller takes it; each caller gets it
 * at its own pace. A slower caller is never cut because another is faster: what it still needs is
 * kept — the last MEMORY_LIMIT bytes in memory (shared chunks, no copies), anything older in a
 * temporary spool file (spool.ts) — so a shared answer holds at most MEMORY_LIMIT of memory whatever
 * its callers do, and at most the answer's size (ERP_MAX_ANSWER_MB) on disk. A caller that stops
 * reading altogether is cut by its own stall limit (audit-log.ts), never by another caller.
 *
 * Leaving: a caller that goes away only leaves, at any stage — while the ERP has not answered yet
 * (its AbortSignal), or while the answer streams (its stream is cancelled). When the last one leaves,
 * the ERP request is aborted (before its headers, during its first bytes, or mid-stream).
 * A failure of the ERP answer (before or during the stream) reaches every caller still reading it.
 */
import type { AnswerHead, CheckedAnswer } from './answer-stream';
import { GatewayError, MESSAGES, abortedError } from './messages';
import { Spool } from './spool';

export const JOIN_WINDOW = 1024 * 1024;
/** Room each caller's queue asks to be filled to (the ERP is read while a caller at the front has room). */
const SUBSCRIBER_BUFFER = 256 * 1024;
/** Bytes of a shared answer kept in memory for callers behind the fastest; older ones are spooled. */
export const MEMORY_LIMIT = 4 * 1024 * 1024;

interface Subscriber {
  controller: ReadableStreamDefaultController<Uint8Array>;
  /** Answer bytes handed to this caller's stream so far. */
  pos: number;
}

/** Fans one stream out to any number of readers, each at its own pace. */
class Broadcast {
  private readonly subscribers = new Set<Subscriber>();
  /** The answer's chunks from position memStart to head, in order. */
  private readonly memory: Uint8Array[] = [];
  private memStart = 0;
  private head = 0;
  private joinable = true;
  private spool: Spool | null = null;
  private pumping = false;
  private state: 'open' | 'done' | 'failed' = 'open';
  private failure: unknown;

  /** `forget` takes the flight off the list of joinable ones (called once the answer ended or grew past the window). */
  constructor(
    private readonly source: ReadableStreamDefaultReader<Uint8Array>,
    private readonly window: number,
    private readonly memoryLimit: number,
    private readonly forget: () => void,
  ) {}

  /** A stream of the whole answer from its first byte, or null when the flight can no longer be joined. */
  join(): ReadableStream<Uint8Array> | null {
    if (!this.joinable) return null;
    let me: Subscriber;
    return new ReadableStream<Uint8Array>(
      {
        start: (controller) => {
          me = { controller, pos: 0 };
          if (this.state === 'failed') controller.error(this.failure);
          else this.subscribers.add(me);
        },
        pull: () => this.serve(me),
        cancel: () => this.leave(me),
      },
      { highWaterMark: SUBSCRIBER_BUFFER, size: (chunk) => chunk.byteLength },
    );
  }

  /** Nobody joined after all (every waiting caller left before the answer came): stop the ERP request. */
  abandonIfUnread(): void {
    if (this.subscribers.size === 0 && this.state === 'open') this.stop();
  }

  /** Hands `s` what was already read while its stream wants more; at the front, reads on. */
  private serve(s: Subscriber): void {
    if (!this.subscribers.has(s)) return;
    try {
      while ((s.controller.desiredSize ?? 0) > 0 && s.pos < this.head) {
        const piece = this.bytesAt(s.pos, SUBSCRIBER_BUFFER);
        // Moved first: enqueue() may call this stream's pull (and so serve) at once.
        s.pos += piece.byteLength;
        s.controller.enqueue(piece);
      }
    } catch {
      this.subscribers.delete(s);
      s.controller.error(new GatewayError('internal', MESSAGES.internal, { detail: 'spool' }));
      this.settle();
      return;
    }
    if (s.pos === this.head) {
      if (this.state === 'done') this.finish(s);
      else void this.pump();
    }
    this.trim();
  }

  /** Up to `max` bytes from answer position `at` (memory, else the spool). */
  private bytesAt(at: number, max: number): Uint8Array {
    if (at >= this.memStart) {
      let from = this.memStart;
      for (const c of this.memory) {
        if (at < from + c.byteLength) return c.subarray(at - from, Math.min(c.byteLength, at - from + max));
        from += c.byteLength;
      }
    }
    if (!this.spool) throw new Error('not held');
    return this.spool.read(at, Math.min(max, this.memStart - at));
  }

  private leave(me: Subscriber): void {
    this.subscribers.delete(me);
    if (this.subscribers.size === 0 && this.state === 'open') this.stop();
    else {
      this.settle();
      // The one who left may have been the slowest: memory can go; or the only one at the front.
      this.trim();
      void this.pump();
    }
  }

  private finish(s: Subscriber): void {
    this.subscribers.delete(s);
    s.controller.close();
    this.settle();
  }

  /** Done with the spool once nobody reads any more. */
  private settle(): void {
    if (this.subscribers.size === 0 && this.state !== 'open') {
      this.spool?.close();
      this.spool = null;
    }
  }

  /** Everybody left: stop the ERP request; nobody may join what is no longer read. */
  private stop(): void {
    this.state = 'failed';
    this.failure = abortedError();
    this.joinable = false;
    this.forget();
    this.source.cancel().catch(() => undefined);
    this.settle();
  }

  /** Drops what nobody needs; spools what only slow callers need beyond the memory bound. */
  private trim(): void {
    if (this.joinable) return; // everything from byte 0 is kept for joiners (at most the window)
    let min = this.head;
    for (const s of this.subscribers) if (s.pos < min) min = s.pos;
    while (this.memory.length > 0 && this.memStart + this.memory[0]!.byteLength <= min) this.memStart += this.memory.shift()!.byteLength;
    while (this.memory.length > 1 && this.head - this.memStart > this.memoryLimit) {
      const chunk = this.memory.shift()!;
      try {
        (this.spool ??= new Spool()).append(this.memStart, chunk);
      } catch {
        // The disk failed us (full, unwritable): the callers who still need these bytes are cut
        // (a fault of this server, said plainly), the others go on.
        for (const s of [...this.subscribers]) {
          if (s.pos >= this.memStart + chunk.byteLength) continue;
          this.subscribers.delete(s);
          s.controller.error(new GatewayError('internal', MESSAGES.internal, { detail: 'spool' }));
        }
      }
      this.memStart += chunk.byteLength;
    }
    if (this.subscribers.size === 0 && this.state === 'open') this.stop();
  }

  /** A caller at the front of the answer wants more. */
  private wanted(): boolean {
    for (const s of this.subscribers) if (s.pos === this.head && (s.controller.desiredSize ?? 0) > 0) return true;
    return false;
  }

  private async pump(): Promise<void> {
    if (this.pumping || this.state !== 'open') return;
    this.pumping = true;
    try {
      // Read while a caller at the front has room (the fastest sets the pace).
      while (this.state === 'open' && this.wanted()) {
        const { done, value } = await this.source.read();
        if (this.state !== 'open') return;
        if (done) {
          this.state = 'done';
          // Callers already waiting may still join (a small answer, kept whole); it is garbage once they have it.
          this.forget();
          for (const s of [...this.subscribers]) if (s.pos === this.head) this.finish(s);
          this.settle();
          return;
        }
        const at = this.head;
        this.memory.push(value);
        this.head += value.byteLength;
        if (this.joinable && this.head > this.window) {
          this.joinable = false;
          this.forget();
        }
        for (const s of this.subscribers) {
          if (s.pos === at && (s.controller.desiredSize ?? 0) > 0) {
            s.pos = this.head;
            s.controller.enqueue(value);
          }
        }
        this.trim();
      }
    } catch (err) {
      this.state = 'failed';
      this.failure = err;
      this.joinable = false;
      for (const s of this.subscribers) s.controller.error(err);
      this.subscribers.clear();
      this.forget();
      this.settle();
    } finally {
      this.pumping = false;
    }
  }
}

/** Starts the ERP request of a flight: `placed` is called once it has its place (session-calls.ts) and is being sent. */
export type StartFlight = (signal: AbortSignal, placed: () => void) => Promise<CheckedAnswer>;

interface Flight {
  ready: Promise<AnswerHead & { broadcast: Broadcast }>;
  /** Whose place the request takes (the folded user name of the caller who started it). */
  owner: string;
  /** It has its place: anyone may join. Until then only its owner's own calls join (never wait in another user's queue). */
  placed: boolean;
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
    private readonly memoryLimit = MEMORY_LIMIT,
  ) {}

  /** Requests in flight that can still be joined (tests, figures). */
  get size(): number {
    return this.inFlight.size;
  }

  /**
   * The answer for `key`: joins an identical request in flight, or starts one with `start` (given the
   * signal that aborts the ERP request). `signal`: this caller left (rejects with abortedError; the
   * ERP request is aborted when nobody else waits for it). `owner`: this caller's user (folded).
   */
  async answer(key: string, start: StartFlight, signal?: AbortSignal, owner = ''): Promise<SharedAnswer> {
    if (signal?.aborted) throw abortedError();
    const found = this.inFlight.get(key);
    // A request still waiting for its owner's place is joined only by its owner: another user starts
    // its own (which later identical calls join).
    const existing = found && (found.placed || found.owner === owner) ? found : undefined;
    const flight = existing ?? this.launch(key, start, owner);
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
    if (!body) return { ...(await this.answer(key, start, signal, owner)), coalesced: false };
    const { status, contentType, completeBytes } = head;
    return { status, contentType, completeBytes, body, coalesced: !!existing };
  }

  /** A caller left before the answer came: the last one to leave aborts the ERP request. */
  private leftWaiting(key: string, flight: Flight): void {
    // `waiting` still counts this caller here (it is decremented in answer()'s finally).
    if (flight.waiting > 1) return;
    if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    flight.abort.abort(abortedError());
    flight.ready.then(
      (h) => h.broadcast.abandonIfUnread(),
      () => undefined,
    );
  }

  private launch(key: string, start: StartFlight, owner: string): Flight {
    const forget = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    const abort = new AbortController();
    const flight: Flight = {
      owner,
      placed: false,
      waiting: 0,
      abort,
      ready: start(abort.signal, () => (flight.placed = true)).then(
        (answer) => {
          const broadcast = new Broadcast(answer.body.getReader(), this.window, this.memoryLimit, forget);
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
