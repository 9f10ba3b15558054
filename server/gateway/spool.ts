/**
 * The bytes of one shared answer that a slow caller still needs and memory no longer holds
 * (coalesce.ts): appended in order to a temporary file, read back by position. The file is removed
 * from the directory as soon as it is opened (it lives on while open, and is gone after a crash) and
 * closed when the answer's last caller is done. Synchronous I/O on purpose: chunks of at most a few
 * hundred KiB go to and come from the page cache, and order is then trivially kept.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, readSync, unlinkSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export class Spool {
  private fd: number | null = null;
  /** Absolute answer position of the file's first byte, and of the byte after its last. */
  private base = 0;
  private end = 0;

  /**
   * Writes `chunk`, which starts at answer position `at` (the first call fixes the base; later ones
   * never go back, and may skip bytes nobody needs any more — a gap in the file, never read).
   */
  append(at: number, chunk: Uint8Array): void {
    if (this.fd === null) {
      const path = join(tmpdir(), `cari-spool-${process.pid}-${randomBytes(6).toString('hex')}`);
      this.fd = openSync(path, 'w+', 0o600);
      try {
        unlinkSync(path);
      } catch {
        // Not removable while open on this system: it is closed (and its name left) when done.
      }
      this.base = at;
      this.end = at;
    }
    if (at < this.end) throw new Error('spool: out of order');
    for (let done = 0; done < chunk.byteLength;) done += writeSync(this.fd, chunk, done, chunk.byteLength - done, at - this.base + done);
    this.end = at + chunk.byteLength;
  }

  /** Up to `max` bytes from answer position `at` (which the file holds). */
  read(at: number, max: number): Uint8Array {
    if (this.fd === null || at < this.base || at >= this.end) throw new Error('spool: not held');
    const out = new Uint8Array(Math.min(max, this.end - at));
    for (let done = 0; done < out.byteLength;) {
      const n = readSync(this.fd, out, done, out.byteLength - done, at - this.base + done);
      if (n === 0) throw new Error('spool: short read');
      done += n;
    }
    return out;
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}
