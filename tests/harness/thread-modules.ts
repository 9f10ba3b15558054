/**
 * Vitest's global setup: the server's thread modules (letters, Özet's reads, the embedded database) built
 * once for the run, as `npm run build` builds them (vite.server.config.ts), into a folder under
 * node_modules/.cache that the test processes and their children find through CARI_THREAD_MODULES
 * (server/threads.ts). A thread started from the TypeScript sources registered tsx and compiled them
 * again: ≈ 0.9 s of CPU against ≈ 0.6 s built, for each of the run's threads. The sources' own path
 * (the dev server's) stays tested where a test clears the variable (pdf-pool.test.ts). The two-instance
 * test's server, two command-line tools and `npm start` are built with them (tests/harness/built-entry.ts).
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

export default async function setup(): Promise<() => void> {
  const root = join(import.meta.dirname, '..', '..');
  const parent = join(root, 'node_modules', '.cache', 'cari-thread-modules');
  mkdirSync(parent, { recursive: true });
  // Left by runs that were killed before their teardown (another run's, still going, is younger).
  for (const old of readdirSync(parent, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const dir = join(parent, old.name);
    if (Date.now() - statSync(dir).mtimeMs > 6 * 3600_000) rmSync(dir, { recursive: true, force: true });
  }
  const outDir = join(parent, `${process.pid}-${Date.now()}`);
  mkdirSync(outDir, { recursive: true });
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: 'inline',
      rollupOptions: {
        input: {
          'pdf-worker': join(root, 'server/mutabakat/pdf-worker.ts'),
          'overview-worker': join(root, 'server/gateway/overview-worker.ts'),
          'pglite-worker': join(root, 'server/db/pglite-worker.ts'),
          // Not threads: processes the tests start (tests/harness/built-entry.ts): the two-instance test's server
          // (six times), `npm run evidence:verify` (three times), `npm run erp:check` (twice), `npm start` (once).
          'acting-child': join(root, 'tests/gateway/acting-child.ts'),
          prod: join(root, 'server/prod.ts'),
          'evidence-cli': join(root, 'server/audit/evidence-cli.ts'),
          'erp-check-cli': join(root, 'server/erp-check-cli.ts'),
        },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  process.env.CARI_THREAD_MODULES = outDir;
  return () => rmSync(outDir, { recursive: true, force: true });
}
