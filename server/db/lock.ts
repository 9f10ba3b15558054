/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it: the first process
 * takes DATA_DIR/cari.lock (created exclusively); a second one refuses with a message that says why.
 *
 * The file names this process instance, not only its pid: { pid, token (random, this opening's own),
 * host, boot (the machine's boot id), start (the process's start time, /proc ticks) }. In a container
 * the server restarted after a crash is often pid 1 again, as the crashed one was: a file naming our pid
 * that this process did not write (its token is not one we hold) is an earlier instance's, taken over.
 * A file naming another pid is stale when that process no longer runs, runs since another time (its pid
 * reused), or was written before this machine last started. A file written on another host (another
 * container sharing the volume) cannot be judged from here: its pid is checked as before, and our own
 * pid there is refused. An older version's file (the pid only) is judged by the pid alone.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, linkSync, openSync, readFileSync, rmSync, writeSync, mkdirSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number, opts: { host?: string; file?: string; sameProcess?: boolean } = {}) {
    super(
      opts.sameProcess
        ? `DATA_DIR (${dir}) is already open in this process (pid ${pid}): the embedded database allows one opening only. Close the first one before opening it again.`
        : `DATA_DIR (${dir}) is in use by another running process (pid ${pid}${opts.host ? ` on host ${opts.host}` : ''}): the embedded database allows one process only. ` +
            'Stop that process, or give this one another DATA_DIR, or set DATABASE_URL to a PostgreSQL server for several instances.' +
            (opts.host && opts.file ? ` If that process no longer runs, delete ${opts.file}.` : ''),
    );
    this.name = 'DataDirLockedError';
  }
}

interface LockInfo {
  pid: number;
  token?: string;
  host?: string;
  boot?: string;
  start?: number;
}

/** The lock files this process holds, with the token it wrote into each. */
const held = new Map<string, string>();

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const readText = (file: string): string | undefined => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
};

/** This machine's boot id (Linux), so a start time is compared within one boot only. */
const bootId = (): string | undefined => readText('/proc/sys/kernel/random/boot_id');

/** A process's start time in clock ticks since boot (Linux /proc/<pid>/stat, field 22). */
function startOf(pid: number | 'self'): number | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  // The second field (the command) is in parentheses and may hold spaces: count from after its ')'.
  const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  return Number.isFinite(start) ? start : undefined;
}

function parse(text: string | undefined): LockInfo | null {
  if (text === undefined) return null;
  if (/^\d+$/.test(text)) return { pid: Number(text) }; // an older version's file
  try {
    const j = JSON.parse(text) as Partial<LockInfo>;
    return typeof j.pid === 'number' ? { pid: j.pid, token: j.token, host: j.host, boot: j.boot, start: j.start } : null;
  } catch {
    return null;
  }
}

/** Throws when the file's writer may still run; returns when the file is stale. */
function judge(dir: string, file: string, info: LockInfo | null): void {
  if (!info) return; // empty or unreadable: no process can be named
  // Our own lock reached by another spelling of the path (a symlink, a relative path).
  if (info.pid === process.pid && info.token !== undefined && [...held.values()].includes(info.token))
    throw new DataDirLockedError(dir, process.pid, { sameProcess: true });
  if (info.host !== undefined && info.host !== hostname()) {
    // Another host's pid says nothing here: our own pid there may well be another container's pid 1.
    if (info.pid === process.pid || alive(info.pid)) throw new DataDirLockedError(dir, info.pid, { host: info.host, file });
    return;
  }
  if (info.pid === process.pid) return; // not a lock we hold (checked before): an earlier process with our pid
  if (info.boot !== undefined && bootId() !== undefined && info.boot !== bootId()) return; // written before a reboot
  if (!alive(info.pid)) return;
  if (info.start !== undefined && info.boot !== undefined) {
    const start = startOf(info.pid);
    if (start !== undefined && start !== info.start) return; // the pid now belongs to another process
  }
  throw new DataDirLockedError(dir, info.pid);
}

/** Puts the lock file in place, whole (linked from its draft), or fails with EEXIST. */
function place(draft: string, file: string, content: string): void {
  try {
    linkSync(draft, file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw e;
    // A filesystem without hard links: created exclusively and written (a reader may see it empty).
    const fd = openSync(file, 'wx');
    try {
      writeSync(fd, content);
    } finally {
      closeSync(fd);
    }
  }
}

/** Takes the folder's lock; returns its release. Throws DataDirLockedError when a live process holds it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cari.lock');
  if (held.has(file)) throw new DataDirLockedError(dir, process.pid, { sameProcess: true });
  const token = randomBytes(16).toString('hex');
  const boot = bootId();
  const start = startOf('self');
  const content = JSON.stringify({ pid: process.pid, token, host: hostname(), ...(boot ? { boot } : {}), ...(start !== undefined ? { start } : {}) });
  // Written whole under a name of its own, then linked into place (fails if the lock exists): a reader
  // never sees a lock file half written.
  const draft = `${file}.${token}`;
  const fd = openSync(draft, 'wx');
  try {
    writeSync(fd, content);
  } finally {
    closeSync(fd);
  }
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        place(draft, file, content);
        held.set(file, token);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          held.delete(file);
          // Removed only while it is still ours.
          if (parse(readText(file))?.token === token) rmSync(file, { force: true });
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        judge(dir, file, parse(readText(file)));
        rmSync(file, { force: true }); // stale
      }
    }
    throw new Error(`could not take the lock ${file}`);
  } finally {
    rmSync(draft, { force: true });
  }
}
