/**
 * How values cross into and out of PGlite (server/db/pglite-worker.ts), and the one escape for a text
 * value written into SQL.
 */

export const BYTEA = 17;

/**
 * PGlite's own bytea codec turns each byte into a string of its own (Array.from(bytes).map(toString(16)))
 * and back with parseInt per byte: about a second per 1,000 letter PDFs each way. A bytea parameter is
 * sent as it is instead: PGlite's protocol writer passes a byte array in binary format (the bytes copied
 * once, no text twice their size to encode and for Postgres to parse back). Answers come as text
 * ("\\x…", bytea_output = hex), read with Node's native hex codec into an array that owns its buffer
 * (so the database's thread can move it to the main thread instead of copying it).
 */
export const BYTEA_NATIVE = {
  // PGlite types a serializer as giving text, but its bind writer sends any byte array as binary (0.5.x).
  serializers: { [BYTEA]: ((v: Uint8Array) => v) as unknown as (v: unknown) => string },
  parsers: {
    [BYTEA]: (text: string) => {
      const b = Buffer.from(text.slice(2), 'hex');
      // A short value sits in Node's shared 8 KB pool: copied out, so it owns its bytes.
      return b.byteOffset === 0 && b.byteLength === b.buffer.byteLength ? new Uint8Array(b.buffer) : new Uint8Array(b);
    },
  },
};

/**
 * A text value as an SQL string literal: standard_conforming_strings is on (Postgres's default since
 * 9.1, PGlite's too), so a quote doubled is the only escape; a NUL cannot be in a text value at all.
 */
export function literal(v: string): string {
  if (v.includes('\0')) throw new Error('literal: NUL in a text value');
  return `'${v.replaceAll("'", "''")}'`;
}
