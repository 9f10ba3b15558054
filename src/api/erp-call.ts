/**
 * The life of one ERP call, top to bottom — the one load path of the app (architecture.md,
 * convention 8). What to call is the contract's (src/contract/erp.ts: operation, parameters and
 * the query key of the answer); this module owns everything from "send it" to "rows in the cache".
 *
 *  1. START early. A page's first calls are known from its URL long before its code is in:
 *     `startPageCalls` sends them (and GET /api/config, /api/session) while the HTML is still
 *     parsed — src/api/early-call.ts, built from this module and inlined into index.html by
 *     server/early-call-inline.ts — and again from the route loaders (`startCalls`) on in-app
 *     navigation. The loaders also start the page's QUERIES over them (first-queries.ts
 *     `prefetchCalls`), so the answer is read — its first rows into the cache — while the page's
 *     code loads; a signed-in page load fetches that code during HTML parse (modulepreload, same
 *     build plugin). Only when someone is signed in (`signedInHint`): the login page sends nothing
 *     to the ERP (a call without a session would come back 401 into the console and the audit log).
 *  2. REGISTRY. Every call started early waits in one registry (`callRegistry`, the only global:
 *     the inline script creates it, the app finds it) until its query TAKES it over — once, and only
 *     a call with the same operation and parameters (`callKey`). A call that failed (401, 5xx,
 *     network) is dropped at once (after a login it would read as "not signed in"); one nobody takes
 *     within EARLY_TTL_MS is aborted.
 *  3. SEND (when nothing was started): ky, through client.ts (app header, timeout, typed errors).
 *  4. READ the body as a stream: decoded while it arrives, its bytes reported for the progress bar
 *     (transfers.ts), aborted when the page that wanted it goes away (React Query's signal) — KEEP_MS
 *     later: a page mounted again at once takes it over (kept-call.ts).
 *  5. FIRST ROWS of a long answer (`longAnswerQuery`): once PARTIAL_MIN_CHARS are in, the start is
 *     closed into JSON (reader/prefix.ts), read, and put into THE SAME react-query cache entry as
 *     `{ ...rows, complete: false }` (stale at once: never mistaken for the answer); the browser
 *     gets one frame to paint them, then the rest is read and the entry gets `complete: true`.
 *     A failed read leaves no first rows fresh in the cache; a refetch keeps the whole it had.
 */
import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { APP_HEADERS, apiClient, bodyError, mark, toTransportError, type RequestOptions } from './client';
import { endTransfer, startTransfer } from './transfers';
import { streamParts } from './body-text';
import { aliasesReady } from './aliases-ready';
import { keptCall } from './kept-call';
import { SIGNED_IN_COOKIE, pageCallKey, type ErpCall, type PageCall } from '../contract/erp';
import { pageCallsOf } from '../contract/pages';

// ── 1. Who is signed in, as far as a page load can tell ─────────────────────────────────────────

/**
 * The session cookie is HttpOnly (scripts cannot see it). This readable cookie only says "this
 * browser was signed in a moment ago": set when the server says who is signed in (session.ts),
 * cleared at logout and on any 401. It unlocks nothing — the gateway checks the real session.
 */
export { SIGNED_IN_COOKIE };

const readSignedIn = (): boolean => typeof document !== 'undefined' && document.cookie.split(/;\s*/).includes(`${SIGNED_IN_COOKIE}=1`);

export const signedInHint = {
  read: readSignedIn,
  write(signedIn: boolean): void {
    if (typeof document === 'undefined' || signedIn === signedInHint.read()) return;
    document.cookie = `${SIGNED_IN_COOKIE}=${signedIn ? '1' : ''}; Path=/; SameSite=Strict${signedIn ? '' : '; Max-Age=0'}`;
  },
};

// ── 2. The registry of calls started before anyone asked for them ───────────────────────────────

/** How long a call started early waits to be taken over before it is aborted. */
export const EARLY_TTL_MS = 10_000;

/** A request on its way; its body is left to the taker (the browser holds its start meanwhile). */
export interface InFlight {
  readonly response: Promise<Response>;
  readonly controller: AbortController;
}

export interface CallRegistry {
  /** Sends `send(signal)` now unless a call with this key is already waiting. */
  start(key: string, send: (signal: AbortSignal) => Promise<Response>): void;
  /** The waiting call with this key, removed from the registry (a call is taken once), or undefined. */
  take(key: string): InFlight | undefined;
}

declare global {
  // The one registry of a page: created by the inline early-call script, or by the app when it ran without it.
  var __erpCalls: CallRegistry | undefined;
}

function createRegistry(): CallRegistry {
  const waiting = new Map<string, InFlight>();
  return {
    start(key, send) {
      if (waiting.has(key)) return;
      const controller = new AbortController();
      const call: InFlight = { response: send(controller.signal), controller };
      waiting.set(key, call);
      const drop = () => waiting.get(key) === call && waiting.delete(key);
      // A failed call is no answer for a later taker; whoever already took it gets it.
      call.response.then((res) => void (res.ok || drop()), drop);
      setTimeout(() => drop() && controller.abort(), EARLY_TTL_MS);
    },
    take(key) {
      const call = waiting.get(key);
      waiting.delete(key);
      return call;
    },
  };
}

export function callRegistry(): CallRegistry {
  return (globalThis.__erpCalls ??= createRegistry());
}

/** Registry keys of our own GETs a page load starts early. */
const getKey = (path: 'config' | 'session') => `GET /api/${path}`;

/** A request as the early-call script sends it (plain fetch: ky is not loaded yet). */
const fetchSend = (path: string, body?: unknown) => (signal: AbortSignal) =>
  fetch(`/api/${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? APP_HEADERS : { ...APP_HEADERS, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: 'same-origin',
    signal,
  });

/** A call as the app sends it (ky: timeout, typed errors). */
const appSend = (call: PageCall, priority?: RequestPriority) => (signal: AbortSignal) =>
  'view' in call
    ? apiClient().send(call.view, { method: 'get', signal, priority })
    : apiClient().send(`erp/${call.operation}`, { method: 'post', json: call.params, signal, priority });

/** A call as the early-call script sends it. */
const earlySend = (call: PageCall) => ('view' in call ? fetchSend(call.view) : fetchSend(`erp/${call.operation}`, call.params));

/**
 * A page load (the inline script, while the HTML is parsed): the alias table, who is signed in and
 * — when someone is — the page's first ERP calls. The auditor's area (/denetim): the alias table only.
 */
export function startPageCalls(pathname: string, search = ''): void {
  if (typeof fetch !== 'function' || typeof AbortController !== 'function') return;
  const registry = callRegistry();
  registry.start(getKey('config'), fetchSend('config'));
  // The independent auditor's area (/denetim) has no staff session and asks nothing of the staff API.
  if (/^\/denetim(\/|$)/.test(pathname)) return;
  registry.start(getKey('session'), fetchSend('session'));
  // Not signedInHint.read(): the object (with write) would be bundled into the inline script too.
  if (!readSignedIn()) return;
  const { first, along } = pageCallsOf(pathname, search);
  for (const call of [...first, ...along]) registry.start(pageCallKey(call), earlySend(call));
}

/** A route's first calls (in-app navigation): sent now, taken over by the page's queries. */
export function startCalls(calls: readonly PageCall[]): void {
  for (const call of calls) callRegistry().start(pageCallKey(call), appSend(call));
}

/** GET /api/<path>: the request the page load sent, taken over once, else a new one. */
export async function getJsonOnce<T>(path: 'config' | 'session', options: RequestOptions = {}): Promise<T> {
  const early = callRegistry().take(getKey(path));
  if (!early) return apiClient().getJson<T>(path, options);
  let res: Response;
  try {
    res = await early.response;
  } catch (error) {
    throw toTransportError(error, options.signal);
  }
  return apiClient().jsonOf<T>(res, options.signal);
}

// ── 3. + 4. Take over or send; read the answer as it arrives ───────────────────────────────────

/** How much of an answer must be in before its first rows are read (≈ 400 accounts: a screenful many times over). */
export const PARTIAL_MIN_CHARS = 64 * 1024;

export interface FetchOptions extends RequestOptions {
  /** Parse the answer in slices while it arrives (a long one: longAnswerQuery). */
  sliced?: boolean;
  /** Called once with the start of a long answer still arriving (its first PARTIAL_MIN_CHARS characters of JSON, not closed). */
  onStart?: (text: string) => Promise<void> | void;
}

/** The call's response: the one started early (taken over, tied to `signal`), or a new request. */
export function takeOrSend(call: PageCall, options: FetchOptions): Promise<Response> {
  const early = callRegistry().take(pageCallKey(call));
  if (!early) return appSend(call, options.priority)(options.signal ?? new AbortController().signal);
  const { signal } = options;
  if (signal?.aborted) early.controller.abort(signal.reason);
  else signal?.addEventListener('abort', () => early.controller.abort(signal.reason), { once: true });
  return early.response.catch((error: unknown) => Promise.reject(toTransportError(error, signal)));
}

/**
 * One ERP call → the ERP's parsed JSON (feed it to a reader), or a typed error. Reads the body as
 * it streams in (progress; `onStart` with the first PARTIAL_MIN_CHARS of a longer answer, awaited).
 */
export function fetchErp(call: ErpCall, options: FetchOptions = {}): Promise<unknown> {
  return fetchAnswer(call, options, (json) => json);
}

/** What a worker reader is given: the response (its body to move to the worker) and the page's hooks. */
export interface WorkerReadHooks {
  operation: string;
  onBytes: (received: number) => void;
  onStart?: (text: string) => Promise<void> | void;
  startChars: number;
  signal?: AbortSignal;
}

/**
 * Reads an answer off the page's main thread (read-in-worker.ts): the answer as `read` would give
 * it, or null where no worker can take it (then the page reads it itself). Rejects with
 * WorkerLostError when the worker died with the body (the page then asks again and reads it itself).
 */
export class WorkerLostError extends Error {
  constructor() {
    super('the answer worker stopped');
    this.name = 'WorkerLostError';
  }
}

export type WorkerRead<T> = (res: Response, hooks: WorkerReadHooks) => Promise<T> | null;

/** One ERP call → `read` of its JSON: in a worker when `inWorker` takes it, else here (parse, then `read` once the aliases are in). */
async function fetchAnswer<T>(call: ErpCall, options: FetchOptions & { inWorker?: WorkerRead<T> }, read: (json: unknown) => T): Promise<T> {
  const transfer = startTransfer(call.operation, options.priority === 'low');
  const onBytes = (received: number) => (transfer.receivedBytes = received);
  try {
    let res = await takeOrSend(call, options);
    if (!res.ok) throw await apiClient().failure(res, options.signal);
    if (options.inWorker) {
      await aliasesReady();
      const inWorker = options.inWorker(res, {
        operation: call.operation,
        onBytes,
        onStart: options.onStart,
        startChars: PARTIAL_MIN_CHARS,
        signal: options.signal,
      });
      if (inWorker) {
        try {
          return await inWorker;
        } catch (error) {
          // The worker itself died (its script failed to load, it crashed) with the body in it: the
          // call is sent again once and read here; any other failure is the answer's own.
          if (!(error instanceof WorkerLostError)) throw error;
          res = await takeOrSend(call, options);
          if (!res.ok) throw await apiClient().failure(res, options.signal);
        }
      }
    }
    // The reader is loaded with the first ERP answer (not part of the /login bundle).
    const reader = import('../domain/reader');
    // A long answer is parsed in slices while it arrives (reader/segments.ts): little is left after its last byte.
    const slices = options.sliced ? sliceWhileArriving(reader) : undefined;
    const parts = await readText(res, options, onBytes, slices?.feed);
    mark(`erp:${call.operation}:text`);
    const sliced = slices && (await slices.result());
    // Joined only when it is parsed whole (a short answer, or one the slices could not follow).
    const json = sliced ? sliced.value : (await reader).parseErpBody(parts.join(''), res.status);
    mark(`erp:${call.operation}:parsed`);
    await aliasesReady();
    return read(json);
  } finally {
    endTransfer(transfer);
  }
}

/** The body as text in the pieces it was decoded in as it arrived (body-text.ts); a failed read is a typed error. */
async function readText(res: Response, options: FetchOptions, onBytes: (received: number) => void, onText?: (part: string) => void): Promise<string[]> {
  try {
    if (!res.body) return [await res.text()];
    return await streamParts(res.body, { onBytes, onText, onStart: options.onStart, startChars: PARTIAL_MIN_CHARS });
  } catch (error) {
    throw bodyError(res, error, options.signal);
  }
}

/** BodySegments fed from the first piece of text on (pieces that come before the reader's code is in wait for it). */
function sliceWhileArriving(reader: Promise<typeof import('../domain/reader')>) {
  let segments: import('../domain/reader').BodySegments | null = null;
  let waiting: string[] = [];
  const ready = reader.then((r) => {
    segments = new r.BodySegments();
    for (const part of waiting) segments.feed(part);
    waiting = [];
    return segments;
  });
  return {
    feed: (part: string) => (segments ? segments.feed(part) : void waiting.push(part)),
    result: async () => (await ready).result(),
  };
}

// ── 5. Queries: the answer — and, for a long one, its first rows — in the cache entry ─────────────

/** A long answer in the cache: `complete: false` while only its first rows are in. */
export type Arriving<T> = T & { readonly complete: boolean };

/** The answer once it is whole (undefined while only its first rows are in). */
export function whole<T>(data: Arriving<T> | undefined): Arriving<T> | undefined {
  return data?.complete ? data : undefined;
}

/** queryOptions for a call read in one go (short answers: aging, invoices). */
export function erpQuery<T>(call: ErpCall, read: (json: unknown) => T, options: Pick<RequestOptions, 'priority'> = {}) {
  return queryOptions({
    queryKey: call.queryKey as QueryKey,
    queryFn: keptCall(async ({ signal }) => {
      const json = await fetchErp(call, { signal, ...options });
      await aliasesReady();
      return read(json);
    }),
  });
}

/** queryOptions for one of our own answers (a ViewCall: JSON the gateway worked out), started early like an ERP call. */
export function viewQuery<T>(call: PageCall & { view: string }, read: (json: unknown) => T) {
  return queryOptions({
    queryKey: call.queryKey as QueryKey,
    queryFn: keptCall(async ({ signal }) => {
      const res = await takeOrSend(call, { signal });
      return read(await apiClient().jsonOf<unknown>(res, signal));
    }),
  });
}

/**
 * queryOptions for a call whose answer may be long (a 100k-account list, a 50k-line statement):
 * its first rows go into the query's own cache entry as soon as they are in and `showable` says
 * they can stand alone; the query resolves with the whole answer.
 */
export function longAnswerQuery<T extends object>(
  call: ErpCall,
  read: (json: unknown) => T,
  showable: (first: T) => boolean,
  options: Pick<RequestOptions, 'priority'> & { inWorker?: WorkerRead<T> } = {},
) {
  return queryOptions({
    queryKey: call.queryKey as QueryKey,
    // The whole answer replaces its first rows as it is: no deep comparison of 100k rows with them.
    structuralSharing: false,
    queryFn: keptCall(async ({ signal, client, queryKey }): Promise<Arriving<T>> => {
      const cache = client.getQueryCache().find<Arriving<T>>({ queryKey, exact: true });
      // A refetch keeps showing the whole answer it has until the new whole is in.
      const hadWhole = cache?.state.data?.complete === true;
      let firstRows: Arriving<T> | undefined;
      const onStart = async (text: string) => {
        const { parsePrefix } = await import('../domain/reader');
        const json = parsePrefix(text);
        await aliasesReady();
        if (json === undefined || signal.aborted) return;
        const first = read(json);
        if (!showable(first)) return;
        mark(`erp:${call.operation}:partial`);
        // updatedAt 0: stale at once — a failed read never leaves them standing as a fresh answer.
        firstRows = { ...first, complete: false };
        client.setQueryData<Arriving<T>>(queryKey, firstRows, { updatedAt: 0 });
        await nextFrame();
      };
      try {
        const answer = await fetchAnswer(call, { signal, sliced: true, ...options, ...(hadWhole ? {} : { onStart }) }, (json) => read(json));
        mark(`erp:${call.operation}:read`);
        return { ...answer, complete: true };
      } catch (error) {
        // No first rows stay behind as data: the page shows the failure, not a start that looks whole
        // (this call's own: a call aborted KEEP_MS after its page left never clears a newer call's).
        if (firstRows && cache?.state.data === firstRows) cache.setState({ data: undefined, dataUpdatedAt: 0, status: 'pending' });
        throw error;
      }
    }),
  });
}

/**
 * After the first rows went into the cache: the task after the second frame from now, so the browser paints
 * them before the rest of the answer (already in, on a busy page) is read and parsed in one go.
 * A hidden tab (no frames) goes on after 100 ms.
 */
function nextFrame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 100);
    if (typeof requestAnimationFrame !== 'function') return;
    // Two frames: a table may put its rows in on a render right after the one that got the data.
    requestAnimationFrame(() =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          clearTimeout(timer);
          resolve();
        }, 0),
      ),
    );
  });
}
