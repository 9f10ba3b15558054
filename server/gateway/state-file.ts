/**
 * The embedded default store with a memory that survives a restart: login counters live in memory
 * (MemoryStore); revocations and the "known" marks of the login limiter (a user who logged in from an
 * address) are also appended to a small JSON-lines file (STATE_FILE, default `.cari-state/revoked.jsonl`
 * next to the app). At start the file is read back, expired lines are dropped and the file is
 * rewritten compactly; while running it is compacted again (expired and repeated lines dropped)
 * whenever its lines outnumber the live entries by two to one (and at least COMPACT_MIN lines), so it
 * never grows without bound between restarts. The file is re-read when it grows (checked at most once
 * a second), so `npm run sessions -- logout-all <user>` run next to a running server takes effect
 * within a second.
 * One line per logout: {"sid":"…","until":<ms>}; for "log out everywhere",
 * {"user":"<folded name>","at":<ms>,"until":<ms>}; per known user+address {"mark":"<sha-256 of it>",
 * "until":<ms>}. Only ids, folded user names and hashes, no secrets.
 * One process owns the file (several instances → REDIS_URL).
 */
import { createHash } from 'node:crypto';
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { MemoryStore, StoreUnavailableError, type StoreKind } from './state-store';

const RECHECK_MS = 1000;
/** The file is compacted while running once it has this many lines and twice as many as live entries. */
export const COMPACT_MIN = 1000;

interface SessionLine {
  sid: string;
  until: number;
}
interface UserLine {
  user: string;
  at: number;
  until: number;
}
interface MarkLine {
  mark: string;
  until: number;
}
type Line = SessionLine | UserLine | MarkLine;

const hashed = (key: string): string => createHash('sha256').update(key).digest('base64url');

function parseLine(line: string): Line | undefined {
  try {
    const v = JSON.parse(line) as Record<string, unknown>;
    if (typeof v.until !== 'number') return undefined;
    if (typeof v.sid === 'string') return { sid: v.sid, until: v.until };
    if (typeof v.mark === 'string') return { mark: v.mark, until: v.until };
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
  /** Lines in the file now (to decide when to compact). */
  private lines = 0;
  private readonly compacting: boolean;

  /**
   * Reads (and, unless `compact: false`, compacts) the file; creates it (mode 600) when missing.
   * Throws when it cannot. The sessions CLI does not compact: a running server is reading the file.
   */
  constructor(path: string, options: { now?: number; compact?: boolean } = {}) {
    super();
    const now = options.now ?? Date.now();
    this.path = path;
    this.compacting = options.compact !== false;
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
    this.lines = kept.length;
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

  // Written first, remembered second: a logout the file did not take (503) must not count as done in
  // memory — the retry would find the session already revoked and answer 204 without writing it.
  override async revokeSession(sid: string, untilMs: number, now: number): Promise<void> {
    this.append({ sid, until: untilMs }, now);
    this.recordSession(sid, untilMs, now);
  }

  override async revokeUser(user: string, atMs: number, untilMs: number, now: number): Promise<void> {
    this.append({ user, at: atMs, until: untilMs }, now);
    this.recordUser(user, atMs, untilMs, now);
  }

  override async isRevoked(sid: string, user: string, createdAt: number, now: number): Promise<boolean> {
    this.refresh(now);
    return this.revokedNow(sid, user, createdAt, now);
  }

  /** A user who logged in from an address stays "known" there across a restart (kept hashed). */
  override async mark(key: string, ttlMs: number, now: number): Promise<void> {
    const h = hashed(key);
    const until = now + ttlMs;
    // One line per pair and day at most: a busy user does not add a line per login.
    const had = this.marks.get(h);
    if (had === undefined || until - had > 24 * 3_600_000) {
      try {
        this.append({ mark: h, until }, now);
      } catch {
        // Not being remembered across a restart is no reason to refuse a login.
      }
    }
    await super.mark(h, ttlMs, now);
  }

  override async marked(key: string, now: number): Promise<boolean> {
    return super.marked(hashed(key), now);
  }

  private append(entry: Line, now = Date.now()): void {
    try {
      appendFileSync(this.path, JSON.stringify(entry) + '\n', { mode: 0o600 });
    } catch {
      // Disk full, read-only, removed directory: the logout could not be made final.
      throw new StoreUnavailableError();
    }
    this.maybeCompact(now);
  }

  /** Live entries only, rewritten atomically, once dead lines dominate the file. */
  private maybeCompact(now: number): void {
    if (!this.compacting) return;
    this.checkedAt = 0;
    this.refresh(now); // counts the lines (ours and those another process appended)
    if (this.lines < COMPACT_MIN) return;
    this.prune(now);
    const live: Line[] = [
      ...[...this.sessions].map(([sid, until]) => ({ sid, until })),
      ...[...this.users].map(([user, u]) => ({ user, at: u.at, until: u.until })),
      ...[...this.marks].map(([mark, until]) => ({ mark, until })),
    ];
    if (this.lines < 2 * live.length) return;
    const text = live.map((e) => JSON.stringify(e)).join('\n') + (live.length ? '\n' : '');
    const tmp = `${this.path}.${process.pid}.tmp`;
    try {
      writeFileSync(tmp, text, { mode: 0o600 });
      renameSync(tmp, this.path);
    } catch {
      return; // compacting is housekeeping: the appended lines are still there
    }
    this.offset = Buffer.byteLength(text);
    this.lines = live.length;
  }

  private apply(entry: Line, now: number): void {
    if ('sid' in entry) this.recordSession(entry.sid, entry.until, now);
    else if ('mark' in entry) {
      if (entry.until > now) this.marks.set(entry.mark, Math.max(entry.until, this.marks.get(entry.mark) ?? 0));
    } else this.recordUser(entry.user, entry.at, entry.until, now);
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
    try {
      const fd = openSync(this.path, 'r');
      try {
        readSync(fd, buf, 0, buf.length, this.offset);
      } finally {
        closeSync(fd);
      }
    } catch {
      // The file cannot be read (taken by a directory, permissions): whether a session was logged out
      // cannot be told, so the call is refused plainly (503), never a 500.
      this.checkedAt = 0;
      throw new StoreUnavailableError();
    }
    const end = buf.lastIndexOf(0x0a);
    if (end < 0) return; // a line still being written
    for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
      const entry = line.trim() ? parseLine(line) : undefined;
      if (entry) {
        this.apply(entry, now);
        this.lines++;
      }
    }
    this.offset += end + 1;
  }
}
