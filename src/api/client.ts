/**
 * The one HTTP client of the browser: a single ky instance for our own gateway (/api, same origin).
 * - retry: 0 here — retries live in one layer only (React Query, see query-client.ts).
 * - throwHttpErrors: false — every non-2xx is mapped onto a typed error (errors.ts) here.
 * - hooks: none needed beyond the `x-app-request: 1` header every call carries (the gateway's CSRF guard).
 * - timeout: REQUEST_TIMEOUT_MS per call (ky's TimeoutError → ErpTimeoutError).
 * ERP calls go through erp-call.ts (the load path: early start, take-over, streamed read, first
 * rows into the query cache); it sends with `send` and reads failures with `failure` from here.
 */
import ky, { type KyInstance } from 'ky';
import { AnswerCutError, AppError, ErpFormatError, ErpTimeoutError, NetworkError, errorFromResponse } from '../domain/errors';

/** Browser-side time limit of one call; above the gateway's own upstream timeout so that one answers first. */
export const REQUEST_TIMEOUT_MS = 35_000;

/** The header every call to our gateway carries (its CSRF guard); also sent by the early-call script. */
export const APP_HEADERS = { 'x-app-request': '1' } as const;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Fetch priority: 'low' for a call nobody is waiting for (sent after what the page shows first). */
  priority?: RequestPriority;
}

/** Absolute "/api" of the page's origin (a relative URL cannot build a Request outside a browser, e.g. the tests' DOM). */
function defaultPrefixUrl(): string {
  const origin = typeof location !== 'undefined' && location.origin && location.origin !== 'null' ? location.origin : '';
  return `${origin}/api`;
}

/** One request: a JSON body, or raw bytes (a file upload) with their own headers (content-type, x-file-name). */
export interface SendInit extends RequestOptions {
  method: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

export interface ApiClient {
  /** A request to /api/<path>; the Response whatever its status (transport failures → typed errors). */
  send(path: string, init: SendInit): Promise<Response>;
  /** The typed error of a non-2xx answer (the gateway's error body read). */
  failure(res: Response, signal?: AbortSignal): Promise<AppError>;
  /** The JSON of an answer (undefined for 204 / empty), or the typed error of a non-2xx one. */
  jsonOf<T>(res: Response, signal?: AbortSignal): Promise<T>;
  getJson<T>(path: string, options?: RequestOptions): Promise<T>;
  postJson<T>(path: string, body: unknown, options?: RequestOptions): Promise<T>;
  deleteJson<T = void>(path: string, options?: RequestOptions): Promise<T | undefined>;
}

/** Creates a client. The app uses the default instance below; tests may create one with their own fetch/prefix. */
export function createApiClient(config: { prefixUrl?: string; fetch?: typeof fetch; timeout?: number } = {}): ApiClient {
  const http: KyInstance = ky.create({
    prefixUrl: config.prefixUrl ?? defaultPrefixUrl(),
    retry: 0,
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    throwHttpErrors: false,
    credentials: 'same-origin',
    headers: APP_HEADERS,
    ...(config.fetch ? { fetch: config.fetch } : {}),
  });

  async function send(path: string, init: SendInit): Promise<Response> {
    try {
      return await http(path, {
        method: init.method,
        json: init.json,
        ...(init.body !== undefined ? { body: init.body } : {}),
        ...(init.headers ? { headers: init.headers } : {}),
        signal: init.signal,
        ...(init.priority ? { priority: init.priority } : {}),
      });
    } catch (error) {
      throw toTransportError(error, init.signal);
    }
  }

  async function readBody(res: Response, signal?: AbortSignal): Promise<string> {
    try {
      return await res.text();
    } catch (error) {
      throw bodyError(res, error, signal);
    }
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

  async function jsonOf<T>(res: Response, signal?: AbortSignal): Promise<T> {
    if (!res.ok) throw await failure(res, signal);
    const text = await readBody(res, signal);
    if (res.status === 204 || text.trim() === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ErpFormatError(res.status, text);
    }
  }

  return {
    send,
    failure,
    jsonOf,
    async getJson<T>(path: string, options: RequestOptions = {}) {
      return jsonOf<T>(await send(path, { method: 'get', signal: options.signal }), options.signal);
    },
    async postJson<T>(path: string, body: unknown, options: RequestOptions = {}) {
      return jsonOf<T>(await send(path, { method: 'post', json: body, signal: options.signal }), options.signal);
    },
    async deleteJson<T = void>(path: string, options: RequestOptions = {}) {
      return jsonOf<T | undefined>(await send(path, { method: 'delete', signal: options.signal }), options.signal);
    },
  };
}

/** A body that stopped after the headers came → a typed error (never read as a partial answer). */
export function bodyError(res: Response, error: unknown, signal?: AbortSignal): unknown {
  // The gateway cut the answer off (too large, unsafe) or the connection dropped: said plainly.
  if (res.ok && !signal?.aborted && !(error instanceof Error && error.name === 'TimeoutError')) return new AnswerCutError('cut', error);
  return toTransportError(error, signal);
}

/** ky/fetch failures → typed errors; a cancellation (our own AbortSignal) is passed through untouched. */
export function toTransportError(error: unknown, signal?: AbortSignal): unknown {
  if (error instanceof AppError) return error;
  if (signal?.aborted) return error;
  if (error instanceof Error && error.name === 'TimeoutError') return new ErpTimeoutError();
  return new NetworkError('client', error);
}

/**
 * A User Timing mark (DevTools' Performance panel, the benchmark's breakdown of "answer → rows"):
 * erp:<operation>:partial (a long answer's first rows read, before its last byte), :text (body read
 * and decoded), :parsed (JSON), :read (the reader's records).
 */
export function mark(name: string, startTime?: number): void {
  try {
    performance.mark(name, startTime === undefined ? undefined : { startTime });
  } catch {
    /* no User Timing here (old test environments): nothing to record */
  }
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

export const getJson = <T>(path: string, options?: RequestOptions): Promise<T> => apiClient().getJson<T>(path, options);
export const postJson = <T>(path: string, body: unknown, options?: RequestOptions): Promise<T> => apiClient().postJson<T>(path, body, options);
export const deleteJson = <T = void>(path: string, options?: RequestOptions): Promise<T | undefined> => apiClient().deleteJson<T>(path, options);
