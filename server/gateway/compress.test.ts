// @vitest shared-modules
/**
 * The answer compressor gives out the start of a long answer while the ERP is still writing it: the
 * page reads its first rows from there (a deep link's statement, the list after login).
 */
import { brotliDecompressSync, createBrotliDecompress, createGunzip, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressor, EARLY_FLUSH_BYTES, type Encoding } from './compress';

// One statement line of about 200 characters, Turkish letters included.
const line = (i: number) =>
  JSON.stringify({
    ISLEM_TARIHI: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
    ISLEM_TURU: 'Satış Faturası',
    BELGE_NO: `SF2025${String(i).padStart(6, '0')}`,
    BORC: 1234.56 + i,
    ACIKLAMA: `SF2025${i} nolu satış faturası — Çağrı Ödemiş`,
  }) + ',';
const text = (from: number, n: number) => Array.from({ length: n }, (_, k) => line(from + k)).join('');

/** Decodes what the compressor has given out so far (a prefix of a stream, not a whole one). */
function decodePrefix(encoding: Encoding, parts: Uint8Array[]): Promise<string> {
  const d = encoding === 'br' ? createBrotliDecompress() : createGunzip();
  const out: Buffer[] = [];
  d.on('data', (b: Buffer) => out.push(b));
  return new Promise((ok) => {
    d.write(Buffer.concat(parts), () => d.flush(() => ok(Buffer.concat(out).toString('utf8'))));
  });
}

describe.each(['br', 'gzip'] as Encoding[])('compressor (%s)', (encoding) => {
  it('gives out the first chunk of a long answer before the rest is written; the whole answer decodes to the same text', async () => {
    const stream = compressor(encoding);
    const writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    const out: Uint8Array[] = [];
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        out.push(value);
      }
    })();
    const first = text(0, 300); // ≈ 60 KB, like the 64 KiB the gateway holds back first
    await writer.write(new TextEncoder().encode(first));
    await new Promise((r) => setTimeout(r, 20));
    // Before anything more is written, the page can already decode that first part whole.
    expect(await decodePrefix(encoding, out)).toBe(first);

    // The rest, well past the early-flush window, then the end.
    let rest = '';
    for (let i = 1; i <= 10; i++) {
      const part = text(i * 300, 300);
      rest += part;
      await writer.write(new TextEncoder().encode(part));
    }
    expect(first.length + rest.length).toBeGreaterThan(EARLY_FLUSH_BYTES);
    await writer.close();
    await pump;
    const all = Buffer.concat(out);
    const decoded = (encoding === 'br' ? brotliDecompressSync(all) : gunzipSync(all)).toString('utf8');
    expect(decoded).toBe(first + rest);
    // The flushes cost little: still well compressed.
    expect(all.byteLength).toBeLessThan(Buffer.byteLength(decoded) / 5);
  });
});
