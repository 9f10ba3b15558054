/**
 * The one way the gateway talks to the ERP: POST ${base}/wex.cfm/${service}/${op}?password=…,
 * every documented parameter in the body (form fields, or JSON with ERP_BODY=json: erp-body.ts), nothing from the browser's request
 * (no cookies, no headers). Errors are turned into GatewayErrors whose messages and details never
 * contain the URL (and so never the API password).
 */
import { Buffer } from 'node:buffer';
import { GatewayError, MESSAGES, abortedError, fill, upstreamHttpError } from './messages';
import { encodeErpBody, type ErpBodyMode } from './erp-body';

export interface UpstreamOptions {
  erpBaseUrl: string;
  erpApiPassword: string;
  erpService: string;
  erpTimeoutMs: number;
  /** How the parameters travel (ERP_BODY, erp-body.ts): form fields (default) or one JSON object. */
  erpBody?: ErpBodyMode;
  /** Largest ERP answer passed on (ERP_MAX_ANSWER_MB); past it the gateway stops reading. */
  maxAnswerBytes: number;
  fetch: typeof fetch;
}

export interface UpstreamAnswer {
  status: number;
  contentType: string | null;
  body: ArrayBuffer;
}

export function upstreamUrl(opts: UpstreamOptions, operation: string): string {
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
  return err instanceof Error && (err.name === 'TimeoutError' || (err.name === 'AbortError' && String((err as { cause?: unknown }).cause ?? '').includes('Timeout')));
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
  const { contentType, body } = encodeErpBody(opts.erpBody, params);
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
  let res: Response;
  try {
    res = await opts.fetch(upstreamUrl(opts, operation), {
      method: 'POST',
      headers: {
        'content-type': contentType,
        accept: 'application/json, text/plain, */*',
      },
      body,
      redirect: 'manual',
      signal: abort.signal,
    });
  } catch (err) {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onLeave);
    throw signal?.aborted && !timedOut ? abortedError() : transportError(err, timedOut || abort.signal.aborted);
  }
  clearTimeout(timer);
  // A transport that answers after the abort (e.g. an in-process fake) still counts as a timeout.
  if (timedOut) {
    await res.body?.cancel().catch(() => undefined);
    throw transportError(undefined, true);
  }
  if (res.status < 200 || res.status > 299) {
    // A 404's first bytes say whether the service or the method is unknown (upstreamHttpError).
    const start = res.status === 404 ? await bodyStart(res, 512) : '';
    await res.body?.cancel().catch(() => undefined);
    throw upstreamHttpError(res.status, start, operation);
  }
  const length = Number(res.headers.get('content-length'));
  const contentLength = res.headers.has('content-length') && Number.isSafeInteger(length) && length >= 0 ? length : null;
  // Announced too large: refused before a byte is read.
  if (contentLength !== null && contentLength > opts.maxAnswerBytes) {
    await res.body?.cancel().catch(() => undefined);
    throw tooLargeError(opts.maxAnswerBytes);
  }
  const reader = res.body?.getReader();
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    contentLength,
    async read() {
      if (!reader) return null;
      arm();
      try {
        const { done, value } = await reader.read();
        return done ? null : value;
      } catch (err) {
        throw failure(err);
      } finally {
        clearTimeout(timer);
      }
    },
    cancel() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onLeave);
      reader?.cancel().catch(() => undefined);
    },
  };
}

/**
 * The whole answer at once (the login call: small answers): streamed in, at most `maxAnswerBytes`
 * (upstream_too_large past it), then checked whole.
 */
export async function callErp(
  opts: UpstreamOptions,
  operation: string,
  params: ReadonlyArray<readonly [string, string]>,
): Promise<UpstreamAnswer> {
  const up = await openErp(opts, operation, params);
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (let chunk = await up.read(); chunk; chunk = await up.read()) {
    bytes += chunk.byteLength;
    if (bytes > opts.maxAnswerBytes) {
      up.cancel();
      throw tooLargeError(opts.maxAnswerBytes);
    }
    chunks.push(chunk);
  }
  const body = Buffer.concat(chunks);
  return { status: up.status, contentType: up.contentType, body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) };
}

/** The first `max` bytes of an error answer as text ('' when unreadable). */
async function bodyStart(res: Response, max: number): Promise<string> {
  const reader = res.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    while (bytes < max) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
    }
  } catch {
    /* unreadable: no text */
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks).subarray(0, max).toString('utf8');
}

export function tooLargeError(maxBytes: number): GatewayError {
  return new GatewayError('upstream_too_large', fill(MESSAGES.upstreamTooLarge, { mb: Math.round(maxBytes / 1048576) }), {
    detail: 'answer_too_large',
  });
}
