/**
 * The gateway's default upstream transport: the subset of fetch it needs (POST/HEAD, string body,
 * AbortSignal) over node:http/https with a keep-alive agent; the answer's body is streamed (streamOf). About 2–3× the throughput of the
 * global fetch (undici) on loopback (bench/gateway.ts). Errors keep their `code` (ECONNREFUSED…);
 * aborts reject with the signal's reason (TimeoutError for AbortSignal.timeout).
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';

const httpAgent = new HttpAgent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
const httpsAgent = new HttpsAgent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000 });
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

function toHeaders(msg: IncomingMessage): Headers {
  const h = new Headers();
  for (const [k, v] of Object.entries(msg.headers)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) h.append(k, x);
    else h.set(k, v);
  }
  return h;
}

/**
 * The answer's body as a web stream that reads the socket only as fast as it is consumed (pauses the
 * IncomingMessage above 256 KiB queued); cancelling it closes the connection. A connection lost before
 * the end errors the stream (the consumer must not take a cut-off answer for a whole one).
 */
function streamOf(res: IncomingMessage, signal: AbortSignal | undefined, cleanup: () => void): ReadableStream<Uint8Array> {
  let settled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (err: unknown) => {
          if (settled) return;
          settled = true;
          cleanup();
          controller.error(signal?.aborted ? signal.reason : err);
        };
        res.on('data', (chunk: Buffer) => {
          if (settled) return;
          controller.enqueue(chunk);
          if ((controller.desiredSize ?? 1) <= 0) res.pause();
        });
        res.on('end', () => {
          if (settled) return;
          settled = true;
          cleanup();
          controller.close();
        });
        res.on('error', fail);
        res.on('close', () => fail(Object.assign(new Error('upstream connection closed before the end of the answer'), { code: 'ECONNRESET' })));
      },
      pull() {
        res.resume();
      },
      cancel() {
        settled = true;
        cleanup();
        res.destroy();
      },
    },
    { highWaterMark: 256 * 1024, size: (chunk) => chunk.byteLength },
  );
}

export const nodeFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((v, k) => {
    headers[k] = v;
  });
  const body = typeof init.body === 'string' ? Buffer.from(init.body, 'utf8') : undefined;
  if (init.body != null && body === undefined) return Promise.reject(new TypeError('nodeFetch: only string bodies'));
  if (body) headers['content-length'] = String(body.byteLength);
  const signal = init.signal ?? undefined;
  const https = url.protocol === 'https:';
  // One attempt; a kept-alive connection the ERP closed just as it was reused (its idle timeout
  // and our request crossing: ECONNRESET before any answer) is tried once more on a fresh one —
  // the request never reached the ERP's application, and every ERP operation here is a read.
  const attempt = (retried: boolean): Promise<Response> =>
    new Promise<Response>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      let answered = false;
      const req = (https ? httpsRequest : httpRequest)(
        url,
        { method: init.method ?? 'GET', headers, agent: https ? httpsAgent : httpAgent },
        (res) => {
          answered = true;
          const status = res.statusCode ?? 502;
          const noBody = NULL_BODY.has(status) || init.method === 'HEAD';
          if (noBody) {
            res.on('end', cleanup);
            res.resume();
          }
          resolve(
            new Response(noBody ? null : streamOf(res, signal, cleanup), {
              status: status >= 200 && status <= 599 ? status : 502,
              headers: toHeaders(res),
            }),
          );
        },
      );
      const onAbort = () => {
        req.destroy(signal?.reason instanceof Error ? signal.reason : undefined);
        reject(signal?.reason);
      };
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      signal?.addEventListener('abort', onAbort, { once: true });
      req.on('error', (err: NodeJS.ErrnoException) => {
        cleanup();
        if (!retried && !answered && !signal?.aborted && req.reusedSocket && err.code === 'ECONNRESET') {
          resolve(attempt(true));
          return;
        }
        reject(signal?.aborted ? signal.reason : err);
      });
      req.end(body);
    });
  return attempt(false);
};
