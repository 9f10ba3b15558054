/**
 * Bounds on ERP calls at a time, so that no user — however many sessions they open — can take the
 * ERP connections another user needs, and no order of arrival lets one user delay another:
 * - per session, callers (`acquire`): at most `max` (default 6, a browser's own limit per host over
 *   HTTP/1.1) running, up to `queue` (12) more waiting;
 * - per user (the folded user name, across all their sessions), ERP requests (`acquireErp`): at most
 *   `perUser` (12) running, up to `userQueue` (24) more waiting — identical calls sharing one request
 *   (coalesce.ts) take one place;
 * - per gateway process, ERP requests: at most `total` running (240: the 256 upstream connections
 *   less `loginReserve`, 16, kept for get_user — `acquireLogin`: logins never wait behind data calls).
 * A call that finds a bound reached waits at most `waitMs` (5 s), then gets 429 rate_limited with a
 * Turkish message and Retry-After; past the waiting room it is refused at once. A freed place goes to
 * the waiting user with the fewest requests running (ties: in turn), each user's in order of arrival:
 * a user with many calls gets no more places than a user with one. A place is held until the answer
 * has been sent (or cut off, or abandoned); a caller that leaves while waiting gives up its place.
 * Per gateway process (several instances behind a balancer each apply it).
 */
import { GatewayError, MESSAGES, abortedError, fill } from './messages';
import { ERP_CONNECTIONS } from './upstream';

export interface SessionCallLimits {
  /** Running per session. */
  max: number;
  /** Waiting per session. */
  queue: number;
  /** Running per user (across their sessions). */
  perUser: number;
  /** Waiting per user. */
  userQueue: number;
  /** Data calls running per process. */
  total: number;
  /** get_user calls running per process (a reserve of their own). */
  loginReserve: number;
  waitMs: number;
}

export const DEFAULT_SESSION_CALLS: SessionCallLimits = {
  max: 6,
  queue: 12,
  perUser: 12,
  userQueue: 24,
  total: ERP_CONNECTIONS - 16,
  loginReserve: 16,
  waitMs: 5000,
};

interface Waiter {
  go: () => void;
}

interface Lane {
  running: number;
  waiting: number;
  queue: Waiter[];
}

type Bound = 'session' | 'user' | 'total';

export class SessionCalls {
  private readonly sessions = new Map<string, Lane>();
  private readonly users = new Map<string, Lane>();
  /** Users with waiting calls, in turn order (the one served last goes to the back). */
  private readonly turns: string[] = [];
  private running = 0;
  private loginsRunning = 0;
  private readonly loginWaiters: Array<() => void> = [];
  private readonly limits: SessionCallLimits;

  constructor(limits: Partial<SessionCallLimits> = {}) {
    this.limits = { ...DEFAULT_SESSION_CALLS, ...limits };
  }

  /** Calls running now for session `sid` (tests, figures). */
  runningFor(sid: string): number {
    return this.sessions.get(sid)?.running ?? 0;
  }

  /** A place for one caller of session `sid` (FIFO within the session); resolves with its release (call it once). */
  async acquire(sid: string, signal?: AbortSignal): Promise<() => void> {
    const session = this.lane(this.sessions, sid, () => ({ running: 0, waiting: 0, queue: [] as Waiter[] }));
    if (session.running < this.limits.max) return this.take(this.sessions, sid, session, () => this.wakeSession(sid));
    if (session.waiting >= this.limits.queue) throw this.refusal('session');
    return this.wait(
      this.sessions,
      sid,
      session,
      signal,
      () => 'session',
      () => this.wakeSession(sid),
    );
  }

  /** A place for one ERP request of `user` (folded); resolves with its release (call it once). */
  async acquireErp(user: string, signal?: AbortSignal): Promise<() => void> {
    const lane = this.lane(this.users, user, () => ({ running: 0, waiting: 0, queue: [] as Waiter[] }));
    // Behind the user's own earlier calls, or a bound reached: wait for a turn.
    if (lane.queue.length === 0 && this.blocked(lane) === null) return this.take(this.users, user, lane, () => this.dispatch(), true);
    if (lane.waiting >= this.limits.userQueue) throw this.refusal('user');
    const place = this.wait(
      this.users,
      user,
      lane,
      signal,
      () => this.blocked(lane) ?? 'total',
      () => this.dispatch(),
      true,
    );
    if (!this.turns.includes(user)) this.turns.push(user);
    this.dispatch();
    return place;
  }

  /** Waits in `lane`'s queue until woken (the place is then taken synchronously), refused after waitMs, or the caller leaves. */
  private wait(
    map: Map<string, Lane>,
    key: string,
    lane: Lane,
    signal: AbortSignal | undefined,
    bound: () => Bound,
    after: () => void,
    erp = false,
  ): Promise<() => void> {
    return new Promise<() => void>((ok, fail) => {
      const settle = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        lane.waiting--;
        const i = lane.queue.indexOf(waiter);
        if (i >= 0) lane.queue.splice(i, 1);
        if (erp && lane.queue.length === 0) this.leaveTurns(key);
      };
      const waiter: Waiter = {
        go: () => {
          settle();
          ok(this.take(map, key, lane, after, erp));
        },
      };
      const giveUp = (err: GatewayError) => {
        settle();
        this.dropIfIdle(map, key);
        fail(err);
      };
      const timer = setTimeout(() => giveUp(this.refusal(bound())), this.limits.waitMs);
      const onAbort = () => giveUp(abortedError());
      signal?.addEventListener('abort', onAbort, { once: true });
      lane.waiting++;
      lane.queue.push(waiter);
    });
  }

  /** Counts one running call in `lane` (and the process's ERP requests when `erp`); returns its release. */
  private take(map: Map<string, Lane>, key: string, lane: Lane, after: () => void, erp = false): () => void {
    lane.running++;
    if (erp) this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      lane.running--;
      if (erp) this.running--;
      this.dropIfIdle(map, key);
      after();
    };
  }

  private wakeSession(sid: string): void {
    const session = this.sessions.get(sid);
    if (session && session.running < this.limits.max) session.queue[0]?.go();
  }

  /** A place for one get_user call (the login reserve); waits in order while the reserve is in use. */
  async acquireLogin(signal?: AbortSignal): Promise<() => void> {
    if (this.loginsRunning >= this.limits.loginReserve) {
      await new Promise<void>((ok, fail) => {
        const go = () => {
          signal?.removeEventListener('abort', onAbort);
          ok();
        };
        const onAbort = () => {
          const i = this.loginWaiters.indexOf(go);
          if (i >= 0) this.loginWaiters.splice(i, 1);
          fail(abortedError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.loginWaiters.push(go);
      });
    }
    this.loginsRunning++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.loginsRunning--;
      this.loginWaiters.shift()?.();
    };
  }

  /** Which bound stops an ERP request of this user from starting now (null: it may start). */
  private blocked(lane: Lane): Bound | null {
    if (lane.running >= this.limits.perUser) return 'user';
    if (this.running >= this.limits.total) return 'total';
    return null;
  }

  /**
   * Starts waiting calls while places are free. Each free place goes to the waiting user with the
   * fewest calls running (ties: the one whose turn came longest ago), that user's calls in order.
   */
  private dispatch(): void {
    while (this.running < this.limits.total) {
      let pick: { user: string; next: Waiter; running: number } | null = null;
      for (const user of this.turns) {
        const lane = this.users.get(user);
        if (!lane || (pick && lane.running >= pick.running)) continue;
        const next = lane.queue[0];
        if (next && this.blocked(lane) === null) pick = { user, next, running: lane.running };
      }
      if (!pick) return;
      // Served: to the back of the turns (go() drops the user when their queue is empty).
      this.leaveTurns(pick.user);
      this.turns.push(pick.user);
      pick.next.go();
    }
  }

  private leaveTurns(user: string): void {
    const i = this.turns.indexOf(user);
    if (i >= 0) this.turns.splice(i, 1);
  }

  private lane<L>(map: Map<string, L>, key: string, make: () => L): L {
    let lane = map.get(key);
    if (!lane) {
      lane = make();
      map.set(key, lane);
    }
    return lane;
  }

  private dropIfIdle(map: Map<string, Lane>, key: string): void {
    const lane = map.get(key);
    if (lane && lane.running === 0 && lane.waiting === 0) map.delete(key);
  }

  private refusal(bound: Bound): GatewayError {
    const seconds = Math.max(1, Math.ceil(this.limits.waitMs / 1000));
    const message =
      bound === 'session'
        ? fill(MESSAGES.tooManyCalls, { max: this.limits.max, seconds })
        : bound === 'user'
          ? fill(MESSAGES.tooManyUserCalls, { max: this.limits.perUser, seconds })
          : fill(MESSAGES.erpBusy, { seconds });
    return new GatewayError('rate_limited', message, { headers: { 'retry-after': String(seconds) }, detail: `${bound}_calls` });
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
