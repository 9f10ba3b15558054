/**
 * The embedded default store with a memory that survives a restart: login counters live in memory
 * (MemoryStore), revocations are also appended to a small JSON-lines file (STATE_FILE, default
 * `.cari-state/revoked.jsonl` next to the app). At start the file is read back, expired lines are
 * dropped and the file is rewritten compactly; while running, the file is re-read when it grows
 * (checked at most once a second), so `npm run sessions -- logout-all <user>` run next to a
 * running server takes effect within a second.
 * One line per logout: {"sid":"…","until":<ms>} or, for "log out everywhere",
 * {"user":"<folded name>","at":<ms>,"until":<ms>}. Only ids and folded user names, no secrets.
 * One process owns the file (several instances → REDIS_URL).
 */
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryStore, StoreUnavailableError, type StoreKind } from './state-store';

const RECHECK_MS = 1000;

interface SessionLine {
  sid: string;
  until: number;
}
interface UserLine {
  user: string;
  at: number;
  until: number;
}

function parseLine(line: string): SessionLine | UserLine | undefined {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    if (typeof v.until !== 'number') return undefined;
    if (typeof v.sid === 'string') return { sid: v.sid, until: v.until };
    if (typeof v.user === 'string' && typeof v.at === 'number') return { user: v.user, at: v.at, until: v.until };
  } catch {
    // a torn or foreign line: ignored
  }
  return undefined;
}

export class FileStore extends MemoryStore {
  override readonly kind: StoreKind = 'file';
  readonly path: string;
  private offset = 0;
  private checkedAt = 0;

  /**
   * Reads (and, unless `compact: false`, compacts) the file; creates it (mode 600) when missing.
   * Throws when it cannot. The sessions CLI does not compact: a running server is reading the file.
   */
  constructor(path: string, options: { now?: number; compact?: boolean } = {}) {
    super();
    const now = options.now ?? Date.now();
    this.path = path;
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    let text = '';
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const kept: string[] = [];
    for (const line of text.split('\n')) {
      const entry = line.trim() ? parseLine(line) : undefined;
      if (!entry || entry.until <= now) continue;
      this.apply(entry, now);
      kept.push(JSON.stringify(entry));
    }
    const compact = kept.length ? kept.join('\n') + '\n' : '';
    if (options.compact === false) {
      if (!text) writeFileSync(path, '', { mode: 0o600, flag: 'a' });
      this.offset = Buffer.byteLength(text);
      this.checkedAt = performance.now();
      return;
    }
    if (compact !== text) {
      const tmp = `${path}.${process.pid}.tmp`;
      writeFileSync(tmp, compact, { mode: 0o600 });
      renameSync(tmp, path);
    } else if (!text) {
      writeFileSync(path, '', { mode: 0o600, flag: 'a' });
    }
    this.offset = Buffer.byteLength(compact);
    this.checkedAt = performance.now();
  }

  override async revokeSession(sid: string, untilMs: number, now: number): Promise<void> {
    this.append({ sid, until: untilMs });
    this.recordSession(sid, untilMs, now);
  }

  override async revokeUser(user: string, atMs: number, untilMs: number, now: number): Promise<void> {
    this.append({ user, at: atMs, until: untilMs });
    this.recordUser(user, atMs, untilMs, now);
  }

  override async isRevoked(sid: string, user: string, createdAt: number, now: number): Promise<boolean> {
    this.refresh(now);
    return this.revokedNow(sid, user, createdAt, now);
  }

  private append(entry: SessionLine | UserLine): void {
    try {
      appendFileSync(this.path, JSON.stringify(entry) + '\n', { mode: 0o600 });
    } catch {
      // Disk full, read-only, removed directory: the logout could not be made final.
      throw new StoreUnavailableError();
    }
  }

  private apply(entry: SessionLine | UserLine, now: number): void {
    if ('sid' in entry) this.recordSession(entry.sid, entry.until, now);
    else this.recordUser(entry.user, entry.at, entry.until, now);
  }

  /** Reads lines appended by another process (the sessions CLI) since the last look. */
  private refresh(now: number): void {
    const t = performance.now();
    if (t - this.checkedAt < RECHECK_MS) return;
    this.checkedAt = t;
    let size: number;
    try {
      size = statSync(this.path).size;
    } catch {
      return;
    }
    if (size < this.offset) this.offset = 0; // rewritten (compacted by a restart): read it all again
    if (size === this.offset) return;
    const buf = Buffer.alloc(size - this.offset);
    const fd = openSync(this.path, 'r');
    try {
      readSync(fd, buf, 0, buf.length, this.offset);
    } finally {
      closeSync(fd);
    }
    const end = buf.lastIndexOf(0x0a);
    if (end < 0) return; // a line still being written
    for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
      const entry = line.trim() ? parseLine(line) : undefined;
      if (entry) this.apply(entry, now);
    }
    this.offset += end + 1;
  }
}
