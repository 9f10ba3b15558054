/**
 * Every /api answer compressed as the browser accepts (Accept-Encoding), streamed through node:zlib:
 * brotli at quality BR_QUALITY when offered, else gzip at GZIP_LEVEL, none when neither is accepted;
 * bodies under COMPRESS_MIN_BYTES stay as they are (the frame would cost more than it saves).
 * Done once, in the gateway, so the production server and the Vite dev server send the same bytes.
 * Levels: server/gateway/README.md, "Compression" (measured by bench/compress.ts on the 15.8 MB get_cari).
 */
import { constants, createBrotliCompress, createGzip, type BrotliCompress, type Gzip } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import type { GatewayEnv } from './config';

export type Encoding = 'br' | 'gzip';
export const BR_QUALITY = 3;
/** Brotli window 2^20 (1 MiB): the same size as the default 4 MiB window on ERP answers, a third of the encoder memory. */
export const BR_WINDOW_BITS = 20;
export const GZIP_LEVEL = 5;
export const COMPRESS_MIN_BYTES = 1024;
/**
 * The compressor is flushed after each chunk until this much of the answer has gone in: the page
 * reads an answer's first rows while the rest is on its way, and an unflushed encoder holds the
 * first ~100 KB back until its block is full (on a 50k-line statement: ~100 ms of the ERP's
 * writing). A flush costs a few bytes of framing; past this point the encoder works undisturbed.
 */
export const EARLY_FLUSH_BYTES = 256 * 1024;

/** The best encoding `accept` (an Accept-Encoding header) allows: br, then gzip, else none. q=0 refuses. */
export function pickEncoding(accept: string | undefined | null): Encoding | null {
  if (!accept) return null;
  const offered = new Map<string, number>();
  for (const part of accept.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (n: string) => (offered.get(n) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

export interface CompressOptions {
  brQuality?: number;
  gzipLevel?: number;
  /** Called with the size of each uncompressed chunk (the audit log's byte count). */
  onInput?: (bytes: number) => void;
}

/** A web TransformStream over a node:zlib compressor; backpressure is kept (one chunk in zlib at a time). */
export function compressor(encoding: Encoding, options: CompressOptions = {}): TransformStream<Uint8Array, Uint8Array> {
  const z: BrotliCompress | Gzip =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [constants.BROTLI_PARAM_QUALITY]: options.brQuality ?? BR_QUALITY,
            [constants.BROTLI_PARAM_LGWIN]: BR_WINDOW_BITS,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        })
      : createGzip({ level: options.gzipLevel ?? GZIP_LEVEL });
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let written = 0;
  return new TransformStream<Uint8Array, Uint8Array>({
    start(controller) {
      z.on('data', (out: Buffer) => {
        try {
          controller.enqueue(out);
        } catch {
          z.destroy(); // the stream was cancelled or failed: nobody reads any more
        }
      });
    },
    async transform(chunk) {
      options.onInput?.(chunk.byteLength);
      await new Promise<void>((ok, fail) => z.write(chunk, (err) => (err ? fail(err) : ok())));
      if (written < EARLY_FLUSH_BYTES) await new Promise<void>((ok) => z.flush(flushKind, () => ok()));
      written += chunk.byteLength;
    },
    flush() {
      return new Promise<void>((ok, fail) => {
        z.once('end', ok);
        z.once('error', fail);
        z.end();
      });
    },
  });
}

/**
 * Middleware for /api: compresses the answer's body when the browser accepts it and the body is at
 * least COMPRESS_MIN_BYTES (found out by reading that much of it; an ERP answer's first 64 KiB are
 * already held back by answer-stream.ts). Records the encoding and uncompressed bytes for the audit log.
 */
export function compressAnswers(options: Omit<CompressOptions, 'onInput'> = {}): MiddlewareHandler<GatewayEnv> {
  return async (c, next) => {
    await next();
    const res = c.res;
    const encoding = pickEncoding(c.req.header('accept-encoding'));
    if (!res.body || res.headers.has('content-encoding') || c.req.method === 'HEAD' || [204, 304].includes(res.status)) return;
    res.headers.append('vary', 'Accept-Encoding');
    if (!encoding) return;
    // Peek: small bodies go out as they are.
    const reader = res.body.getReader();
    const head: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    while (size < COMPRESS_MIN_BYTES) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      head.push(value);
      size += value.byteLength;
    }
    const replay = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of head) controller.enqueue(chunk);
        if (ended) controller.close();
      },
      async pull(controller) {
        try {
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (err) {
          controller.error(err);
        }
      },
      cancel(reason) {
        return reader.cancel(reason);
      },
    });
    const meter = c.get('answer');
    const small = ended && size < COMPRESS_MIN_BYTES;
    res.headers.delete('content-length');
    if (!small) {
      res.headers.set('content-encoding', encoding);
      if (meter) meter.encoding = encoding;
    }
    const body = small ? replay : replay.pipeThrough(compressor(encoding, { ...options, onInput: (n) => meter && (meter.bytes += n) }));
    c.res = new Response(body, { status: res.status, headers: res.headers });
  };
}
