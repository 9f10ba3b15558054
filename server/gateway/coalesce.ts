/**
 * One ERP request for identical calls in flight: callers asking for the same operation with the same
 * parameters while a request for it is under way share its answer (every user reads with the same API
 * password, so nothing leaks; each caller has passed its own session check before getting here).
 *
 * Memory: nothing is kept after an answer completes. A flight can be joined until its first
 * JOIN_WINDOW bytes have been read (those are kept for late joiners, then dropped); after that a new
 * identical call starts its own request. The answer is read at the pace of the slowest caller, each
 * caller buffering at most SUBSCRIBER_BUFFER bytes. A caller that goes away only leaves; when the last
 * one leaves, the ERP request is cancelled. A failure (before or during the stream) reaches every caller.
 */
import type { AnswerHead, CheckedAnswer } from './answer-stream';

export const JOIN_WINDOW = 1024 * 1024;
const SUBSCRIBER_BUFFER = 256 * 1024;

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
        pull: () => this.pump(),
        cancel: () => {
          this.subscribers.delete(me);
          if (this.subscribers.size === 0 && this.state === 'open') {
            // Everybody left: stop the ERP request; nobody may join what is no longer read.
            this.state = 'failed';
            this.failure = new Error('cancelled');
            this.kept = null;
            this.forget();
            this.source.cancel().catch(() => undefined);
          }
        },
      },
      { highWaterMark: SUBSCRIBER_BUFFER, size: (chunk) => chunk.byteLength },
    );
  }


  private async pump(): Promise<void> {
    if (this.pumping || this.state !== 'open') return;
    this.pumping = true;
    try {
      // Read while every reader has room (the slowest sets the pace).
      while (this.state === 'open' && this.subscribers.size > 0 && [...this.subscribers].every((s) => (s.controller.desiredSize ?? 0) > 0)) {
        const { done, value } = await this.source.read();
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
        for (const s of this.subscribers) s.controller.enqueue(value);
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
}

export interface SharedAnswer extends AnswerHead {
  body: ReadableStream<Uint8Array>;
  /** True when this caller joined a request another caller had started. */
  coalesced: boolean;
}

export class Flights {
  private readonly inFlight = new Map<string, Flight>();

  constructor(private readonly window = JOIN_WINDOW) {}

  /** Requests in flight that can still be joined (tests, figures). */
  get size(): number {
    return this.inFlight.size;
  }

  /** The answer for `key`: joins an identical request in flight, or starts one with `start`. */
  async answer(key: string, start: () => Promise<CheckedAnswer>): Promise<SharedAnswer> {
    const existing = this.inFlight.get(key);
    const flight = existing ?? this.launch(key, start);
    flight.waiting++;
    let head: AnswerHead & { broadcast: Broadcast };
    try {
      head = await flight.ready;
    } finally {
      flight.waiting--;
    }
    const body = head.broadcast.join();
    // Joined too late (the first JOIN_WINDOW bytes are gone): a request of its own.
    if (!body) return { ...(await this.answer(key, start)), coalesced: false };
    const { status, contentType, completeBytes } = head;
    return { status, contentType, completeBytes, body, coalesced: !!existing };
  }

  private launch(key: string, start: () => Promise<CheckedAnswer>): Flight {
    const forget = () => {
      if (this.inFlight.get(key) === flight) this.inFlight.delete(key);
    };
    const flight: Flight = {
      waiting: 0,
      ready: start().then(
        (answer) => {
          const broadcast = new Broadcast(answer.body.getReader(), this.window, forget);
          return { status: answer.status, contentType: answer.contentType, completeBytes: answer.completeBytes, broadcast };
        },
        (err: unknown) => {
          forget();
          throw err;
        },
      ),
    };
    this.inFlight.set(key, flight);
    return flight;
  }
}
