/**
 * The ZIP container of the .xlsx (xlsx-build.ts): entries deflated by the platform's CompressionStream,
 * each CRC-32 taken from its gzip trailer.
 */

export interface ZipEntry {
  name: Uint8Array;
  crc: number;
  size: number;
  compressed: Uint8Array[];
  compressedSize: number;
  offset: number;
}

/**
 * Deflates the chunks with the platform's gzip (native zlib) and takes the raw deflate data out of
 * the gzip frame: its trailer holds the CRC-32 and size the ZIP entry needs, computed natively too.
 * A gzip header with flags (never written by CompressionStream) falls back to the CRC here.
 */
export async function deflate(chunks: Iterable<Uint8Array>): Promise<{ crc: number; size: number; out: Uint8Array[]; outSize: number }> {
  const cs = new CompressionStream('gzip');
  const writer = cs.writable.getWriter();
  const parts: Uint8Array[] = [];
  const reading = (async () => {
    const reader = cs.readable.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parts.push(value);
    }
  })();
  let size = 0;
  for (const c of chunks) {
    size += c.byteLength;
    await writer.write(c as Uint8Array<ArrayBuffer>);
  }
  await writer.close();
  await reading;
  let total = 0;
  for (const p of parts) total += p.byteLength;
  const all = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.byteLength;
  }
  const trailer = new DataView(all.buffer, total - 8, 8);
  const flags = all[3];
  if (flags !== 0) throw new Error('gzip header with flags');
  const crc = trailer.getUint32(0, true);
  if (trailer.getUint32(4, true) >>> 0 !== size % 2 ** 32) throw new Error('gzip size mismatch');
  const raw = all.subarray(10, total - 8);
  return { crc, size, out: [raw], outSize: raw.byteLength };
}

function header(sig: number, fields: [number, 2 | 4][]): Uint8Array {
  const len = 4 + fields.reduce((s, [, n]) => s + n, 0);
  const b = new Uint8Array(len);
  const v = new DataView(b.buffer);
  v.setUint32(0, sig, true);
  let at = 4;
  for (const [value, n] of fields) {
    if (n === 2) v.setUint16(at, value, true);
    else v.setUint32(at, value >>> 0, true);
    at += n;
  }
  return b;
}

export function zipFile(entries: ZipEntry[]): Blob {
  const parts: BlobPart[] = [];
  let offset = 0;
  const DOS_DATE = ((2026 - 1980) << 9) | (1 << 5) | 1; // a fixed date: the same sheet, the same bytes
  for (const e of entries) {
    e.offset = offset;
    const local = header(0x04034b50, [
      [20, 2],
      [0x0800, 2],
      [8, 2],
      [0, 2],
      [DOS_DATE, 2],
      [e.crc, 4],
      [e.compressedSize, 4],
      [e.size, 4],
      [e.name.length, 2],
      [0, 2],
    ]);
    parts.push(local as Uint8Array<ArrayBuffer>, e.name as Uint8Array<ArrayBuffer>, ...(e.compressed as Uint8Array<ArrayBuffer>[]));
    offset += local.length + e.name.length + e.compressedSize;
  }
  const dirStart = offset;
  for (const e of entries) {
    const central = header(0x02014b50, [
      [20, 2],
      [20, 2],
      [0x0800, 2],
      [8, 2],
      [0, 2],
      [DOS_DATE, 2],
      [e.crc, 4],
      [e.compressedSize, 4],
      [e.size, 4],
      [e.name.length, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 2],
      [0, 4],
      [e.offset, 4],
    ]);
    parts.push(central as Uint8Array<ArrayBuffer>, e.name as Uint8Array<ArrayBuffer>);
    offset += central.length + e.name.length;
  }
  parts.push(
    header(0x06054b50, [
      [0, 2],
      [0, 2],
      [entries.length, 2],
      [entries.length, 2],
      [offset - dirStart, 4],
      [dirStart, 4],
      [0, 2],
    ]) as Uint8Array<ArrayBuffer>,
  );
  return new Blob(parts, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
