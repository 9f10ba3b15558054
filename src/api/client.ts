/**
 * The one HTTP client of the browser: a single ky instance for our own gateway (/api, same origin).
 * - retry: 0 here — retries live in one layer only (React Query, see query-client.ts).
 * - throwHttpErrors: false — every non-2xx is mapped onto a typed error (errors.ts) here.
 * - Every ERP body is read as text and goes through the one reader (parseErpBody).
 * - Every ERP call is registered in transfers.ts with the bytes received so far, so a long load
 *   can show its progress; `signal` (React Query's, aborted when the page that wanted the answer
 *   goes away) cancels the request.
 * - An ERP answer is decoded (UTF-8) chunk by chunk WHILE it arrives (readStreamed): on a slow link
 *   the 16 MB of a 100k-account list are text by the time the last byte lands, so only JSON.parse
 *   and the reader are left (≈ 100 ms less after the last byte than response.text()).
 */
import ky, { type KyInstance } from 'ky';
import { AnswerCutError, AppError, ErpFormatError, ErpTimeoutError, NetworkError, errorFromResponse } from './errors';
import { endTransfer, startTransfer } from './transfers';
import { callKey, type ErpOperation } from '../contract/erp';

export type { ErpOperation };

/** Browser-side time limit of one call; above the gateway's own upstream timeout so that one answers first. */
export const REQUEST_TIMEOUT_MS = 35_000;


export interface RequestOptions {
  signal?: AbortSignal;
  /** Fetch priority: 'low' for a call nobody is waiting for (sent after what the page shows first). */
  priority?: RequestPriority;
  /**
   * A long answer still arriving: called once, with its text so far, when at least
   * PARTIAL_MIN_CHARS are in and more is on its way (the fetcher reads the rows complete in it:
   * reader/prefix.ts parsePrefix — not for a shape whose rows are not one array, ColdFusion's
   * column format). Not called for a short answer. When it returns a promise, the rest of the answer is read
   * only once that settles (the page paints those rows first: partial-answers.ts offerPartial).
   * The promise of the call still resolves with the WHOLE answer, or fails.
   */
  onPartial?: (start: string) => Promise<void> | void;
}

interface EarlyCall {
  response: Promise<Response>;
  controller: AbortController;
  timer?: ReturnType<typeof setTimeout>;
}

/** How long a request sent by startErp waits to be taken over by postErp before it is aborted. */
export const EARLY_TTL_MS = 10_000;

/** How much of an answer must be in before its first rows are offered (≈ 400 accounts: a screenful many times over). */
export const PARTIAL_MIN_CHARS = 64 * 1024;

/** Absolute "/api" of the page's origin (a relative URL cannot build a Request outside a browser, e.g. jsdom). */
function defaultPrefixUrl(): string {
  const origin = typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : '';
  return `${origin}/api`;
}

export interface ApiClient {
  /** POST /api/erp/<operation> → the ERP's parsed JSON (feed it to a reader), or a typed error. */
  postErp(operation: ErpOperation, params: Record<string, string>, options?: RequestOptions): Promise<unknown>;
  /**
   * Sends an ERP call now, before anyone asks for its answer: a route knows its page's first call
   * the moment navigation starts, long before the page's code, the session check and the alias
   * table are in. The first postErp with the same operation and parameters within EARLY_TTL_MS
   * takes this request over (nothing is sent twice); untaken, it is aborted after that time.
   */
  startErp(operation: ErpOperation, params: Record<string, string>): void;
  getJson<T>(path: string, options?: RequestOptions): Promise<T>;
  postJson<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  deleteJson<T = void>(path: string, options?: RequestOptions): Promise<T | undefined>;
}

/** Creates a client. The app uses the default instance below; tests may create one with their own fetch/prefix. */
export function createApiClient(config: { prefixUrl?: string; fetch?: typeof fetch; timeout?: number } = {}): ApiClient {
  // The app's own client exists: public/early-call.js (where it still runs late, as a file on the
  // dev server) must not send what this client will send itself.
  (globalThis as { __earlyErpClosed?: boolean }).__earlyErpClosed = true;
  const http: KyInstance = ky.create({
    prefixUrl: config.prefixUrl ?? defaultPrefixUrl(),
    retry: 0,
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    throwHttpErrors: false,
    credentials: 'same-origin',
    headers: { 'x-app-request': '1' },
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  interface SendInit extends RequestOptions {
    method: string;
    json?: unknown;
  }

  async function send(path: string, init: SendInit): Promise<Response> {
    try {
      return await http(path, {
        method: init.method,
        json: init.json,
        signal: init.signal,
        ...(init.priority ? { priority: init.priority } : {}),
      });
    } catch (error) {
      throw toTransportError(error, init.signal);
    }
  }

  /** A body that stopped after the headers came → a typed error (never read as a partial answer). */
  function bodyError(res: Response, error: unknown, signal?: AbortSignal): unknown {
    // The gateway cut the answer off (too large, unsafe) or the connection dropped: said plainly.
    if (res.ok && !signal?.aborted && !(error instanceof Error && error.name === 'TimeoutError')) return new AnswerCutError('cut', error);
    return toTransportError(error, signal);
  }

  async function readBody(res: Response, signal?: AbortSignal): Promise<string> {
    try {
      return await res.text();
    } catch (error) {
      throw bodyError(res, error, signal);
    }
  }

  /**
   * The body as text, decoded chunk by chunk as it arrives (the same UTF-8 decoding as
   * response.text(), BOM dropped), reporting the bytes received so far to `onBytes` and the text so
   * far to `onText`.
   */
  async function readStreamed(
    res: Response,
    onBytes: (received: number) => void,
    signal?: AbortSignal,
    onText?: (parts: readonly string[], chars: number) => Promise<void> | undefined,
  ): Promise<string> {
    if (!res.body) return readBody(res, signal);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    const parts: string[] = [];
    let received = 0;
    let chars = 0;
    try {
      let pause: Promise<void> | undefined;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        // A pause the caller asked for (the page paints an answer's first rows), kept only when
        // more of the answer has come after them: chunks already in would otherwise be read one
        // after another without the page ever getting a frame.
        if (pause) await pause;
        received += value.byteLength;
        onBytes(received);
        const part = decoder.decode(value, { stream: true });
        parts.push(part);
        chars += part.length;
        pause = onText?.(parts, chars);
      }
      parts.push(decoder.decode());
    } catch (error) {
      void reader.cancel().catch(() => undefined);
      throw bodyError(res, error, signal);
    }
    return parts.join('');
  }

  /**
   * The `onText` for an answer whose first rows are wanted early: once PARTIAL_MIN_CHARS are in,
   * its text so far goes to onPartial right away (the fetcher reads the rows complete in it with
   * its reader: reader/prefix.ts parsePrefix), and the read loop then waits for what onPartial
   * returned (those rows painted) — even when the rest of the answer is already in, which a busy
   * page would otherwise read and parse in one go before any paint. At most once per answer; an
   * onPartial that throws is ignored (the whole answer will say what is wrong with it).
   */
  function partialOffer(operation: ErpOperation, onPartial: NonNullable<RequestOptions['onPartial']>) {
    let offered = false;
    return (parts: readonly string[], chars: number): Promise<void> | undefined => {
      if (offered || chars < PARTIAL_MIN_CHARS) return undefined;
      offered = true;
      try {
        const wait = onPartial(parts.join(''));
        mark(`erp:${operation}:partial`);
        return wait ? wait.catch(() => undefined) : undefined;
      } catch {
        return undefined;
      }
    };
  }

  async function failure(res: Response, signal?: AbortSignal): Promise<AppError> {
    const text = await readBody(res, signal);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return errorFromResponse(res.status, body, res.headers.get('x-gateway-error') === '1', res.headers.get('retry-after'));
  }

  async function json<T>(res: Response, signal?: AbortSignal): Promise<T> {
    if (!res.ok) throw await failure(res, signal);
    const text = await readBody(res, signal);
    if (res.status === 204 || text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ErpFormatError(res.status, text);
    }
  }

  /** Requests sent by startErp, by operation + parameters, until postErp takes them or they expire. */
  const early = new Map<string, EarlyCall>();
  /**
   * The GET /api/config and /api/session public/early-call.js sent while the app's code loaded: the
   * first getJson of each within EARLY_TTL_MS takes it over (once).
   */
  function takeEarlyGet(path: string): Promise<Response> | undefined {
    const gets = (globalThis as { __earlyGet?: Record<string, { response: Promise<Response>; at: number } | undefined> }).__earlyGet;
    const early = gets?.[path];
    if (!early) return undefined;
    delete gets![path];
    const now = typeof performance === 'object' ? performance.now() : 0;
    return now - early.at <= EARLY_TTL_MS ? early.response : undefined;
  }

  /** Calls public/early-call.js sent while the app's code loaded (a page load): taken over like ours. */
  const pageLoadCalls = (): Record<string, EarlyCall | undefined> | undefined => (globalThis as { __earlyErp?: Record<string, EarlyCall | undefined> }).__earlyErp;

  /** The answer of an early request for this call (taken: it is no longer waiting), or undefined. */
  function takeEarly(operation: string, params: Record<string, string>, signal?: AbortSignal): Promise<Response> | undefined {
    const key = callKey({ operation: operation as ErpOperation, params });
    const fromPageLoad = pageLoadCalls();
    const loaded = fromPageLoad?.[key];
    const call = early.get(key) ?? loaded;
    if (!call) return undefined;
    if (loaded === call) delete fromPageLoad![key];
    else early.delete(key);
    clearTimeout(call.timer);
    if (signal) {
      if (signal.aborted) call.controller.abort(signal.reason);
      else signal.addEventListener('abort', () => call.controller.abort(signal.reason), { once: true });
    }
    // A page-load call went out with fetch itself: its transport failures get the client's types here.
    return loaded === call ? call.response.catch((error: unknown) => Promise.reject(toTransportError(error, signal))) : call.response;
  }

  return {
    startErp(operation, params) {
      // From now on the app sends its own first calls: public/early-call.js (where it still runs
      // late, as a file on the dev server) must not send the same call again.
      (globalThis as { __earlyErpClosed?: boolean }).__earlyErpClosed = true;
      const key = callKey({ operation: operation as ErpOperation, params });
      if (early.has(key) || pageLoadCalls()?.[key]) return;
      const controller = new AbortController();
      // The body is left to the taker (the browser holds its start; beyond that the download waits):
      // a page still loading is not made to take in megabytes it cannot use yet.
      const response = send(`erp/${operation}`, { method: 'post', json: params, signal: controller.signal });
      const forget = () => {
        if (early.get(key)?.controller !== controller) return false;
        early.delete(key);
        clearTimeout(timer);
        return true;
      };
      // A failed early call (no session yet: 401; the ERP down) is no answer for a later taker —
      // after the login it would be read as "not logged in". Whoever already took it gets it.
      response.then((res) => void (res.ok || forget()), () => void forget());
      const timer = setTimeout(() => forget() && controller.abort(), EARLY_TTL_MS);
      early.set(key, { response, controller, timer });
    },
    async postErp(operation, params, options = {}) {
      const transfer = startTransfer(operation, options.priority === 'low');
      try {
        const res = await (takeEarly(operation, params, options.signal) ??
          send(`erp/${operation}`, { method: 'post', json: params, signal: options.signal, priority: options.priority }));
        if (!res.ok) throw await failure(res, options.signal);
        const onBytes = (received: number) => {
          transfer.receivedBytes = received;
        };
        // The reader is loaded with the first ERP answer (not part of the /login bundle).
        const reader = import('./reader');
        const onText = options.onPartial ? partialOffer(operation, options.onPartial) : undefined;
        const [text, { parseErpBody }] = await Promise.all([readStreamed(res, onBytes, options.signal, onText), reader]);
        mark(`erp:${operation}:text`);
        const json = parseErpBody(text, res.status);
        mark(`erp:${operation}:parsed`);
        return json;
      } finally {
        endTransfer(transfer);
      }
    },
    async getJson<T>(path: string, options: RequestOptions = {}) {
      const early = takeEarlyGet(path);
      if (early) {
        let res: Response;
        try {
          res = await early;
        } catch (error) {
          throw toTransportError(error, options.signal);
        }
        return json<T>(res, options.signal);
      }
      return json<T>(await send(path, { method: 'get', signal: options.signal }), options.signal);
    },
    async postJson<T>(path: string, body: unknown, options: RequestOptions = {}) {
      return json<T>(await send(path, { method: 'post', json: body, signal: options.signal }), options.signal);
    },
    async deleteJson<T = void>(path: string, options: RequestOptions = {}) {
      return json<T | undefined>(await send(path, { method: 'delete', signal: options.signal }), options.signal);
    },
  };
}

/**
 * A User Timing mark (DevTools' Performance panel, the benchmark's breakdown of "answer → rows"):
 * erp:<operation>:partial (a long answer's first rows read, before its last byte), :text (body read
 * and decoded), :parsed (JSON), :read (the reader's records).
 */
export function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    /* no User Timing here (old test environments): nothing to record */
  }
}

/** ky/fetch failures → typed errors; a cancellation (our own AbortSignal) is passed through untouched. */
function toTransportError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof AppError) return error;
  if (signal?.aborted) return error;
  if (error instanceof Error && error.name === 'TimeoutError') return new ErpTimeoutError();
  return new NetworkError('client', error);
}

let defaultClient: ApiClient | undefined;
/** The app's client (created on first use, so the page origin is known). */
export function apiClient(): ApiClient {
  return (defaultClient ??= createApiClient());
}

/** Replaces the default client (tests in a Node environment). Pass nothing to go back to the default. */
export function setApiClient(client?: ApiClient): void {
  defaultClient = client;
}

export const postErp: ApiClient['postErp'] = (operation, params, options) => apiClient().postErp(operation, params, options);
export const startErp: ApiClient['startErp'] = (operation, params) => apiClient().startErp(operation, params);
export const getJson = <T>(path: string, options?: RequestOptions): Promise<T> => apiClient().getJson<T>(path, options);
export const postJson = <T>(path: string, body: unknown, options?: RequestOptions): Promise<T> => apiClient().postJson<T>(path, body, options);
export const deleteJson = <T = void>(path: string, options?: RequestOptions): Promise<T | undefined> => apiClient().deleteJson<T>(path, options);
