/**
 * What a test file says of itself to the runner, on its first line — `// @vitest shared-modules waits long`:
 *  shared-modules  (server and tests/gateway files) it leaves nothing in a module, so it runs with the
 *                  "server" project's modules shared between files (vitest.config.ts);
 *  waits           its time is mostly waiting (sockets, child processes, timers): started first (tests/sequencer.ts);
 *  long            among the longest of its project on a clean clone: started early (tests/sequencer.ts).
 * The note travels with the file: a rename cannot leave a list behind.
 */
import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

const MARK = /^\/\/ @vitest ([a-z -]+)\r?\n/;

const cache = new Map<string, Set<string>>();
/** The notes on a file's first line. */
export function markersOf(file: string): Set<string> {
  let m = cache.get(file);
  if (!m) {
    const buf = Buffer.alloc(120);
    const fd = openSync(file, 'r');
    const n = readSync(fd, buf, 0, buf.length, 0);
    closeSync(fd);
    m = new Set(MARK.exec(buf.subarray(0, n).toString('utf8'))?.[1]!.trim().split(/\s+/) ?? []);
    cache.set(file, m);
  }
  return m;
}

/** Test files under `dirs` (paths from `root`) whose first line carries `marker`. */
export function markedFiles(root: string, dirs: readonly string[], marker: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (/\.test\.tsx?$/.test(e.name) && markersOf(join(root, rel)).has(marker)) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}
