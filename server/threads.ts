/**
 * The server's threads (letters: mutabakat/pdf-worker; Özet's reads: gateway/overview-worker; the
 * embedded database: db/pglite-worker) start one way: the built module next to the server's
 * (dist-server/<name>.js, vite.server.config.ts builds each), else the source through tsx's loader —
 * the dev server, tests and bench — where the thread registers the loader itself, then loads the module
 * (tsx's ESM entry: the require-resolved .cjs path's .mjs sibling, per its package exports).
 */
import { existsSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';

export interface ThreadModule {
  file: string;
  /** The TypeScript source (tsx's loader needed), not a built file. */
  tsx: boolean;
}

/**
 * `name`'s module for a caller at `callerUrl` (its import.meta.url, in the folder beside the module's source).
 * CARI_THREAD_MODULES names a folder of built thread modules to take first: the test suite builds them once a
 * run (tests/harness/thread-modules.ts), as `npm run build` does, so a thread does not compile its sources
 * through tsx each time one starts (≈ 0.3 s of CPU a thread, some sixty threads a run).
 */
export function threadModule(callerUrl: string, name: string): ThreadModule | null {
  const built = process.env.CARI_THREAD_MODULES;
  if (built) {
    const f = resolve(built, `${name}.js`);
    if (existsSync(f)) return { file: f, tsx: false };
  }
  for (const rel of [`./${name}.js`, `../${name}.js`]) {
    const f = fileURLToPath(new URL(rel, callerUrl));
    if (existsSync(f)) return { file: f, tsx: false };
  }
  const ts = fileURLToPath(new URL(`./${name}.ts`, callerUrl));
  return existsSync(ts) ? { file: ts, tsx: true } : null;
}

export function startThread(found: ThreadModule, options: WorkerOptions = {}): Worker {
  // A built module is a file: a process started with --input-type (a script given with -e) passes that on to its
  // threads, and Node refuses it for a file.
  if (!found.tsx) return builtThread(found.file, options);
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
 * A thread of a built module, given the process's options as a thread takes them: without --input-type (above), and
 * without the V8 and process-wide options Node refuses for a thread. A server started as
 * `node --max-old-space-size=4096 dist-server/prod.js` (a bigger heap for a big ERP) passed that on, and Node threw
 * "Initiated Worker with invalid execArgv flags" for every thread: the embedded database, the letters and Özet's reads
 * never started. A thread's heap has limits of its own (resourceLimits); the other options (--conditions,
 * --enable-source-maps…) still go to it. The refused ones are learnt at the first thread, once a process.
 */
let threadArgs: string[] | undefined;
function builtThread(file: string, options: WorkerOptions): Worker {
  for (;;) {
    const args = (threadArgs ??= withoutInputType(process.execArgv));
    try {
      return new Worker(file, { execArgv: args, ...options });
    } catch (e) {
      // Refused before anything starts (synchronously), naming them: "… invalid execArgv flags: --max-old-space-size=4096, --expose-gc".
      if ((e as NodeJS.ErrnoException).code !== 'ERR_WORKER_INVALID_EXEC_ARGV' || args.length === 0) throw e;
      const refused = new Set(
        String((e as Error).message)
          .replace(/^[^:]*:\s*/, '')
          .split(/,\s*/),
      );
      const rest = args.filter((a) => !refused.has(a));
      // Not named as expected (another Node's wording): the threads start with no options at all.
      threadArgs = rest.length < args.length ? rest : [];
    }
  }
}

function withoutInputType(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--input-type') i++;
    else if (!args[i]!.startsWith('--input-type=')) out.push(args[i]!);
  }
  return out;
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
