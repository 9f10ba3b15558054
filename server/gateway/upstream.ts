/**
 * The one way the gateway talks to the ERP: POST ${base}/wex.cfm/${service}/${op}?password=…,
 * every documented parameter in the body (form fields, or JSON with ERP_BODY=json: erp-body.ts), nothing from the browser's request
 * (no cookies, no headers). Errors are turned into GatewayErrors whose messages and details never
 * contain the URL (and so never the API password).
 *
 * Transport: undici (`request` on an Agent with kept-alive connections, at most 256 per ERP origin).
 * A request whose connection is reset before any answer (ECONNRESET / "other side closed": the ERP
 * closed a kept-alive connection just as it was reused — its idle timeout and our request crossing)
 * is sent once more at once (openErp): every ERP operation here is a read, so POST is safe to repeat;
 * an ERP that resets every connection gets 2 tries, then 502. Never once a byte of the answer came:
 * a connection lost mid-answer cuts the answer (undici's retry interceptor would ask again with a
 * Range header, and an ERP or proxy honouring Range on a POST could splice two runs into one). undici's own
 * headers/body timeouts are off: the time limit below runs only while the gateway waits for the ERP
 * (a caller who reads slowly is not the ERP's fault; audit-log.ts cuts a caller who stops reading).
 */
import { Buffer } from 'node:buffer';
import { Readable } from 'node:stream';
import { Agent, Dispatcher } from 'undici';
import { encodeErpBody, type ErpBodyMode } from './erp-body';
import { GatewayError, MESSAGES, abortedError, fill, upstreamHttpError } from './messages';

export interface UpstreamOptions {
  erpBaseUrl: string;
  erpApiPassword: string;
  erpService: string;
  erpTimeoutMs: number;
  /** How the parameters travel (ERP_BODY, erp-body.ts): form fields (default) or one JSON object. */
  erpBody?: ErpBodyMode;
  /** Largest ERP answer passed on (ERP_MAX_ANSWER_MB); past it the gateway stops reading. */
  maxAnswerBytes: number;
  /** What the requests go through: an undici dispatcher (default: defaultDispatcher()), or fetchTransport in tests. */
  transport: ErpTransport;
}

/** The one call the gateway makes: undici's `Dispatcher.request` (an undici Agent is one as it is). */
export interface ErpTransport {
  request(options: Dispatcher.RequestOptions): Promise<{ statusCode: number; headers: Dispatcher.ResponseData['headers']; body: Readable }>;
}

/**
 * An in-process ERP (the demo ERP's fetch handler) as a transport: the front-end tests run the real
 * gateway against it without sockets. Aborting the signal fails the call or the answer's body, as
 * undici does.
 */
export function fetchTransport(handle: (request: Request) => Promise<Response>): ErpTransport {
  return {
    async request(o) {
      const signal = o.signal as AbortSignal | undefined;
      const aborted = new Promise<never>((_, reject) => {
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
      });
      aborted.catch(() => undefined);
      const res = await Promise.race([
        handle(new Request(new URL(o.path, o.origin), { method: o.method, headers: o.headers as Record<string, string>, body: o.body as string })),
        aborted,
      ]);
      const headers: Record<string, string> = {};
      res.headers.forEach((v, k) => (headers[k] = v));
      const body = res.body ? Readable.fromWeb(res.body as import('node:stream/web').ReadableStream<Uint8Array>) : Readable.from([]);
      aborted.catch((reason: unknown) => body.destroy(reason instanceof Error ? reason : new Error('aborted')));
      return { statusCode: res.status, headers, body };
    },
  };
}

/** An ERP's settings as plain values: what another thread needs to make its own calls (with its own dispatcher). */
export type UpstreamSettings = Omit<UpstreamOptions, 'transport'>;

/**
 * The settings another thread may call this ERP with, itself: when the calls go over the network (an undici
 * dispatcher), which that thread can do too, with a dispatcher of its own made by erpDispatcher() (the only kind
 * this project makes). None for an in-process ERP (fetchTransport), which only this thread can reach.
 */
export function upstreamForThread(opts: UpstreamOptions): UpstreamSettings | undefined {
  if (!(opts.transport instanceof Dispatcher)) return undefined;
  // Named one by one: the object handed in may be a wider configuration, with functions no thread can be sent.
  const { erpBaseUrl, erpApiPassword, erpService, erpTimeoutMs, erpBody, maxAnswerBytes } = opts;
  return { erpBaseUrl, erpApiPassword, erpService, erpTimeoutMs, erpBody, maxAnswerBytes };
}

/** Error codes of a connection reset before any answer, tried once more. */
const RESET_CODES = ['ECONNRESET', 'UND_ERR_SOCKET', 'EPIPE'];

let shared: Dispatcher | undefined;
/** The process's one ERP dispatcher (every gateway in this process shares its kept-alive connections). */
export function defaultDispatcher(): Dispatcher {
  shared ??= erpDispatcher();
  return shared;
}

/** Upstream connections per ERP origin (session-calls.ts keeps the gateway's calls below this). */
export const ERP_CONNECTIONS = 256;

/** The ERP connections: kept alive (4 s idle, or what the ERP's Keep-Alive header says), at most ERP_CONNECTIONS per origin. */
export function erpDispatcher(): Dispatcher {
  return new Agent({ connections: ERP_CONNECTIONS, keepAliveTimeout: 4000, headersTimeout: 0, bodyTimeout: 0 });
}

/** A connection reset before any answer (the only failure tried once more). */
function isReset(err: unknown): boolean {
  return RESET_CODES.includes(errorCode(err));
}

export interface UpstreamAnswer {
  status: number;
  contentType: string | null;
  body: ArrayBuffer;
}

export function upstreamUrl(opts: Pick<UpstreamOptions, 'erpBaseUrl' | 'erpService' | 'erpApiPassword'>, operation: string): string {
  const base = opts.erpBaseUrl.replace(/\/+$/, '');
  return `${base}/wex.cfm/${encodeURIComponent(opts.erpService)}/${operation}?password=${encodeURIComponent(opts.erpApiPassword)}`;
}

/** Network error code (ECONNREFUSED, ENOTFOUND…) without any message text (which may hold the URL). */
function errorCode(err: unknown): string {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return err instanceof Error ? err.name : 'unknown';
}

function isTimeout(err: unknown): boolean {
  return (
    err instanceof Error && (err.name === 'TimeoutError' || (err.name === 'AbortError' && String((err as { cause?: unknown }).cause ?? '').includes('Timeout')))
  );
}

/** The ERP's answer as it arrives: status and headers, then the body chunk by chunk. */
export interface UpstreamBody {
  status: number;
  contentType: string | null;
  /** The ERP's Content-Length, when it sent one. */
  contentLength: number | null;
  /**
   * The next chunk (null at the end). Throws a GatewayError: upstream_timeout when no byte came for
   * erpTimeoutMs, upstream_unreachable when the connection was lost.
   */
  read(): Promise<Uint8Array | null>;
  /** Stops reading and closes the connection to the ERP. */
  cancel(): void;
}

function transportError(err: unknown, timedOut: boolean): GatewayError {
  if (timedOut || isTimeout(err)) return new GatewayError('upstream_timeout', MESSAGES.upstreamTimeout, { detail: 'timeout' });
  return new GatewayError('upstream_unreachable', MESSAGES.upstreamUnreachable, { detail: errorCode(err) });
}

/**
 * Calls `operation` with `params` (already validated, in documented order) and resolves as soon as an
 * upstream 2xx status and headers arrived; anything else throws a GatewayError. The time limit runs
 * until the headers, then again between chunks (an answer that keeps flowing is not cut off by it).
 */
export async function openErp(
  opts: UpstreamOptions,
  operation: string,
  params: ReadonlyArray<readonly [string, string]>,
  signal?: AbortSignal,
): Promise<UpstreamBody> {
  const { contentType, body: requestBody } = encodeErpBody(opts.erpBody, params);
  if (signal?.aborted) throw abortedError();
  const abort = new AbortController();
  // The callers left (at any stage: before the headers, during the body): the ERP request ends.
  const onLeave = () => abort.abort(abortedError());
  signal?.addEventListener('abort', onLeave, { once: true });
  let timedOut = false;
  const failure = (err: unknown): GatewayError => (signal?.aborted && !timedOut ? abortedError() : transportError(err, timedOut));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new DOMException('ERP time limit', 'TimeoutError'));
    }, opts.erpTimeoutMs);
  };
  arm();
  const url = new URL(upstreamUrl(opts, operation));
  let res: Awaited<ReturnType<ErpTransport['request']>>;
  const send = () =>
    opts.transport.request({
      origin: url.origin,
      path: url.pathname + url.search,
      method: 'POST',
      headers: {
        'content-type': contentType,
        accept: 'application/json, text/plain, */*',
        // A compressed answer could not be checked for the password while it streams (echo-guard.ts).
        'accept-encoding': 'identity',
      },
      body: requestBody,
      signal: abort.signal,
    });
  try {
    try {
      res = await send();
    } catch (err) {
      // Reset before the status line: sent once more. Anything later is never repeated.
      if (!isReset(err) || abort.signal.aborted) throw err;
      res = await send();
    }
  } catch (err) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onLeave);
    throw signal?.aborted && !timedOut ? abortedError() : transportError(err, timedOut || abort.signal.aborted);
  }
  clearTimeout(timer);
  const body: Readable = res.body;
  const discard = () => {
    body.on('error', () => undefined);
    body.destroy();
  };
  if (timedOut) {
    discard();
    throw transportError(undefined, true);
  }
  if (res.statusCode < 200 || res.statusCode > 299) {
    signal?.removeEventListener('abort', onLeave);
    // A 404's first bytes say whether the service or the method is unknown (upstreamHttpError).
    const start = res.statusCode === 404 ? await bodyStart(body, 512) : '';
    discard();
    throw upstreamHttpError(res.statusCode, start, operation);
  }
  const header = (name: string): string | null => {
    const v = res.headers[name];
    return Array.isArray(v) ? (v[0] ?? null) : (v ?? null);
  };
  // A compressed answer could not be checked for the password while it streams: refused (we ask for identity).
  const encoding = header('content-encoding')?.trim().toLowerCase();
  if (encoding && encoding !== 'identity') {
    discard();
    signal?.removeEventListener('abort', onLeave);
    throw new GatewayError('upstream_http', fill(MESSAGES.upstreamUnreadable, { status: res.statusCode }), {
      upstreamStatus: res.statusCode,
      detail: 'encoded_answer',
    });
  }
  const lengthHeader = header('content-length');
  const length = Number(lengthHeader);
  const contentLength = lengthHeader !== null && Number.isSafeInteger(length) && length >= 0 ? length : null;
  // Announced too large: refused before a byte is read.
  if (contentLength !== null && contentLength > opts.maxAnswerBytes) {
    discard();
    signal?.removeEventListener('abort', onLeave);
    throw tooLargeError(opts.maxAnswerBytes);
  }
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  return {
    status: res.statusCode,
    contentType: header('content-type'),
    contentLength,
    async read() {
      arm();
      try {
        const { done, value } = await chunks.next();
        if (done) signal?.removeEventListener('abort', onLeave);
        return done ? null : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
      } catch (err) {
        throw failure(err);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onLeave);
      discard();
    },
  };
}

/**
 * The whole answer at once (the login call, the server's own reads: the account list, statements): streamed
 * in, at most `maxAnswerBytes` (upstream_too_large past it), then checked whole. The bytes are copied once,
 * as they arrive, into one buffer of the size the ERP announced (Content-Length); without one, once at the
 * end into a buffer of the size received. Collecting the chunks and copying them twice at the end
 * (Buffer.concat, then the ArrayBuffer's slice) held the event loop for the whole answer: at 100,000
 * accounts the account list is 17 MB, two copies of it and the collection they caused each time a
 * campaign started, on a slow machine 200–300 ms of every gateway answer's wait.
 */
export async function callErp(opts: UpstreamOptions, operation: string, params: ReadonlyArray<readonly [string, string]>): Promise<UpstreamAnswer> {
  const up = await openErp(opts, operation, params);
  let into: Uint8Array | null = up.contentLength !== null ? new Uint8Array(up.contentLength) : null;
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let chunk = await up.read(); chunk; chunk = await up.read()) {
    if (bytes + chunk.byteLength > opts.maxAnswerBytes) {
      up.cancel();
      throw tooLargeError(opts.maxAnswerBytes);
    }
    if (into && bytes + chunk.byteLength > into.byteLength) {
      // More than announced: collected as for an answer without a length.
      chunks.push(into.subarray(0, bytes));
      into = null;
    }
    if (into) into.set(chunk, bytes);
    else chunks.push(chunk);
    bytes += chunk.byteLength;
  }
  let body: ArrayBuffer;
  if (into) body = bytes === into.byteLength ? (into.buffer as ArrayBuffer) : (into.buffer.slice(0, bytes) as ArrayBuffer);
  else {
    const whole = new Uint8Array(bytes);
    let at = 0;
    for (const c of chunks) {
      whole.set(c, at);
      at += c.byteLength;
    }
    body = whole.buffer;
  }
  return { status: up.status, contentType: up.contentType, body };
}

/** The first `max` bytes of an error answer as text ('' when unreadable). */
async function bodyStart(body: Readable, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      bytes += chunk.byteLength;
      if (bytes >= max) break;
    }
  } catch {
    /* unreadable: no text */
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

export function tooLargeError(maxBytes: number): GatewayError {
  return new GatewayError('upstream_too_large', fill(MESSAGES.upstreamTooLarge, { mb: Math.round(maxBytes / 1048576) }), {
    detail: 'answer_too_large',
  });
}
