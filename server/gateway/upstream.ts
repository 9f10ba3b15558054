/**
 * The one way the gateway talks to the ERP: POST ${base}/wex.cfm/${service}/${op}?password=…,
 * form-urlencoded UTF-8 body of every documented parameter, nothing from the browser's request
 * (no cookies, no headers). Errors are turned into GatewayErrors whose messages and details never
 * contain the URL (and so never the API password).
 */
import { GatewayError, MESSAGES, fill } from './messages';

export interface UpstreamOptions {
  erpBaseUrl: string;
  erpApiPassword: string;
  erpService: string;
  erpTimeoutMs: number;
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

/**
 * Calls `operation` with `params` (already validated, in documented order). Resolves only for an
 * upstream 2xx; anything else throws a GatewayError.
 */
export async function callErp(
  opts: UpstreamOptions,
  operation: string,
  params: ReadonlyArray<readonly [string, string]>,
): Promise<UpstreamAnswer> {
  const form = new URLSearchParams();
  for (const [k, v] of params) form.append(k, v);
  const signal = AbortSignal.timeout(opts.erpTimeoutMs);
  let res: Response;
  try {
    res = await opts.fetch(upstreamUrl(opts, operation), {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
        accept: 'application/json, text/plain, */*',
      },
      body: form.toString(),
      redirect: 'manual',
      signal,
    });
  } catch (err) {
    if (isTimeout(err) || signal.aborted) {
      throw new GatewayError('upstream_timeout', MESSAGES.upstreamTimeout, { detail: 'timeout' });
    }
    throw new GatewayError('upstream_unreachable', MESSAGES.upstreamUnreachable, { detail: errorCode(err) });
  }
  // A transport that answers after the abort (e.g. an in-process fake) still counts as a timeout.
  if (signal.aborted) {
    await res.body?.cancel().catch(() => undefined);
    throw new GatewayError('upstream_timeout', MESSAGES.upstreamTimeout, { detail: 'timeout' });
  }
  if (res.status < 200 || res.status > 299) {
    await res.body?.cancel().catch(() => undefined);
    const message = res.status === 401 ? MESSAGES.upstreamApiPassword : fill(MESSAGES.upstreamHttp, { status: res.status });
    throw new GatewayError('upstream_http', message, { upstreamStatus: res.status, detail: `http_${res.status}` });
  }
  let body: ArrayBuffer;
  try {
    body = await res.arrayBuffer();
  } catch (err) {
    if (isTimeout(err) || signal.aborted) {
      throw new GatewayError('upstream_timeout', MESSAGES.upstreamTimeout, { detail: 'timeout' });
    }
    throw new GatewayError('upstream_unreachable', MESSAGES.upstreamUnreachable, { detail: errorCode(err) });
  }
  return { status: res.status, contentType: res.headers.get('content-type'), body };
}
