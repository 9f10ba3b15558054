/**
 * PGlite does not lock its folder, and two processes on one folder corrupt it: the first process
 * takes DATA_DIR/cari.lock (created exclusively, holding its pid); a second one refuses with a
 * message that says why. A lock left by a process that no longer runs (killed) is taken over.
 */
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `DATA_DIR (${dir}) is in use by another running process (pid ${pid}): the embedded database allows one process only. ` +
        'Stop that process, or give this one another DATA_DIR, or set DATABASE_URL to a PostgreSQL server for several instances.',
    );
    this.name = 'DataDirLockedError';
  }
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock; returns its release. Throws DataDirLockedError when a live process holds it. */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'cari.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(readFileSync(file, 'utf8').trim());
      if (alive(pid) && pid !== process.pid) throw new DataDirLockedError(dir, pid);
      if (pid === process.pid) throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not take the lock ${file}`);
}
