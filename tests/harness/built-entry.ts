import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Node's arguments for a script a test runs as its own process: the run's build of it (tests/harness/thread-modules.ts
 * builds each entry named there once), else its TypeScript source through tsx (a file run on its own, outside
 * `vitest run`'s global setup). A process that compiled the server's sources through tsx spent 2–4 s of CPU
 * getting ready, each time it was started.
 */
export function nodeArgsFor(entry: string, source: string): string[] {
  const dir = process.env.CARI_THREAD_MODULES;
  const built = join(dir ?? '', `${entry}.js`);
  return dir && existsSync(built) ? [built] : ['--import', 'tsx', source];
}
