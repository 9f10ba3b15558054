/**
 * The server's threads (letters: mutabakat/pdf-worker; Özet's reads: gateway/overview-worker; the
 * embedded database: db/pglite-worker) start one way: the built module next to the server's
 * (dist-server/<name>.js, vite.server.config.ts builds each), else the source through tsx's loader —
 * the dev server, tests and bench — where the thread registers the loader itself, then loads the module
 * (tsx's ESM entry: the require-resolved .cjs path's .mjs sibling, per its package exports).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export interface ThreadModule {
  file: string;
  /** The TypeScript source (tsx's loader needed), not a built file. */
  tsx: boolean;
}

/** `name`'s module for a caller at `callerUrl` (its import.meta.url, in the folder beside the module's source). */
export function threadModule(callerUrl: string, name: string): ThreadModule | null {
  for (const rel of [`./${name}.js`, `../${name}.js`]) {
    const f = fileURLToPath(new URL(rel, callerUrl));
    if (existsSync(f)) return { file: f, tsx: false };
  }
  const ts = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  return existsSync(ts) ? { file: ts, tsx: true } : null;
}

export function startThread(found: ThreadModule, options: WorkerOptions = {}): Worker {
  if (!found.tsx) return new Worker(found.file, options);
  const api = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  return new Worker(`import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(pathToFileURL(found.file).href)}); });`, {
    ...options,
    eval: true,
  });
}

/**
 * Names the calling thread for the OS (Linux: `top -H`, `ps -L` and /proc/<pid>/task/<tid>/comm show it;
 * at most 15 bytes), so an operator sees which of the server's threads uses the CPU — and the bench
 * tells the database's thread and the letters' from V8's own helper threads (GC, compilers), all "node".
 * Elsewhere, or where it is not allowed, the thread keeps its name.
 */
export function nameThisThread(name: string): void {
  if (process.platform !== 'linux') return;
  try {
    writeFileSync('/proc/thread-self/comm', name.slice(0, 15));
  } catch {
    // no /proc: the thread keeps "node"
  }
}
