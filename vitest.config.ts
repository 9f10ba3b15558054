import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { WaitingFirstSequencer } from './tests/sequencer';
import { markedFiles } from './tests/markers';

/**
 * Server-side test files run with shared modules (project "server") when their first line says so
 * (`// @vitest shared-modules`, tests/markers.ts): none leaves process.env changed (tahsilat-aging,
 * vite-dev, shared-slow put theirs back), depends on a font or PDF cache being cold, or relies on a
 * process-wide bound; each closes what it starts. A demo ERP's payments go into its own copy of the
 * dataset (tahsilat-flow, overview-kept), not the one the process shares. A file marked so must keep to that. Files reading a PDF's text
 * back may share: the glyph cache fault that lost letters is fixed (0008).
 */
const SHARED_SERVER = markedFiles(import.meta.dirname, ['server', 'tests/gateway'], 'shared-modules');

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // CI machines have 2 cores; heavy dataset checks can pass 5 s there under load.
    testTimeout: 20_000,
    // One letter thread per server, not one per core: each thread loads tsx, the ledger and the fonts
    // and the tests' campaigns are small. The letters are still built in a thread;
    // server/mutabakat/pdf-pool.test.ts tests the pool at its own size.
    // The auditor's secrets are hashed at scrypt N = 1024, not 16384 (server/audit/slow-hash.ts): tests are
    // about who gets in, not the hash's cost, which slow-hash.test.ts checks at the default.
    // Letter threads at normal priority (MUTABAKAT_PDF_NICE=0, production: 19): beside three test workers and
    // `npm test`'s checks at nice 10 a nice-19 thread got almost no CPU — a CI run's first campaign of a file
    // (2 letters, 0.9 s alone) ran past its 20 s time-out, and the warm-up's test took 53 s.
    env: { MUTABAKAT_PDF_THREADS: '1', MUTABAKAT_PDF_NICE: '0', AUDIT_SCRYPT_N: '1024', MUTABAKAT_WARMUP: '0' },
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine, with
    // the other core idle while tests wait on sockets and timers. One worker per core plus one: many
    // files wait (real sockets, timers, child processes) more than they compute, and the extra worker
    // runs another file in those waits (docs/decisions/0005).
    maxWorkers: availableParallelism() + 1,
    // The run is CPU-bound over more processes than cores: V8's parallel and concurrent GC (helper threads
    // beside each worker's main thread) bought each process shorter pauses with more CPU in all. One GC
    // thread per process: flows 68–69 → 61–64 s of CPU, server + node 117–122 → 103–116 s, alternating
    // (docs/decisions/0005). Only the test workers: the server and its e2e runs keep V8's defaults.
    execArgv: ['--single-threaded-gc'],
    // A global a test stubs (window.print, Worker) is put back after it, also for the next file in the
    // same worker (the DOM projects share modules across files, below).
    unstubGlobals: true,
    // The server's threads start from modules built once for the run, not from their sources through tsx
    // (tests/harness/thread-modules.ts).
    globalSetup: ['tests/harness/thread-modules.ts'],
    // Files that mostly wait start first, then the heaviest project (tests/sequencer.ts).
    sequence: { sequencer: WaitingFirstSequencer },
    // Transformed modules kept on disk (node_modules/.experimental-vitest-cache, keyed by each file's content
    // and the config): a run after the first transforms only what changed (transform 99 → 16 s summed over the
    // files, vitest 155 → 139 s on 2 cores). A clean clone (CI) starts without it.
    experimental: { fsModuleCache: true },
    // The JSON report lets .ci/run print one closing 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Isolated per file: these change process.env (pdf-pool) or hold process-wide places (user-calls);
          // shared modules let that leak into the next file. prod-server
          // once saw its refused ERP address answered when it shared a process (docs/decisions/0005).
          include: ['server/**/*.test.ts', 'tests/gateway/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...SHARED_SERVER],
        },
      },
      {
        // The server's files that leave nothing in a module: a fresh process and module graph per file
        // (hono, the gateway, PGlite, drizzle) cost more than their tests; modules imported once per worker.
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: SHARED_SERVER,
          isolate: false,
        },
      },
      {
        // Pure units in Node (the domain, browser helpers, the reader, the repository's structure): no
        // server started, nothing written to a shared module, so modules are imported once per worker.
        extends: true,
        test: {
          name: 'unit',
          environment: 'node',
          include: [
            'src/lib/**/*.test.ts',
            'src/domain/**/*.test.ts',
            'src/i18n/**/*.test.ts',
            'src/api/**/*.test.ts',
            'src/features/**/*.test.ts',
            'tests/structure/**/*.test.ts',
            'tests/reader/**/*.test.ts',
          ],
          // The build's file counts read a built dist/: `npm run test:e2e` runs them after its build.
          exclude: [...configDefaults.exclude, ...(process.env.BUNDLE_DIST ? [] : ['tests/structure/bundle-files.test.ts'])],
          isolate: false,
        },
      },
      {
        // Component and hook tests in happy-dom (tests/harness/happy-dom-env.ts: Node's fetch kept for msw; it took a
        // sixth off the DOM projects' CPU against jsdom, docs/decisions/0005): no gateway, no demo ERP, no msw (tests/setup-dom.ts).
        extends: true,
        test: {
          name: 'dom',
          environment: './tests/harness/happy-dom-env.ts',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
          // One DOM per worker, emptied after each test (testing-library's cleanup); each file runs the setup
          // again, but React, testing-library and the app's modules are imported once per worker, not once per
          // file: about half the project's CPU time went to those imports (docs/decisions/0005). No test here
          // keeps state in a module between files, nor leaves anything in the document.
          isolate: false,
        },
      },
      {
        // Flow tests: the real routes over the real gateway + demo ERP behind msw (tests/harness).
        extends: true,
        test: {
          name: 'flows',
          environment: './tests/harness/happy-dom-env.ts',
          environmentOptions: { happyDOM: { url: 'http://localhost:3000' } },
          include: ['tests/flows/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts', 'tests/setup-flows.ts'],
          // As the dom project: modules imported once per worker. The flows' server side is made afresh
          // per test (tests/harness/erp-env.ts) and no flow changes the demo dataset it reads.
          isolate: false,
        },
      },
    ],
  },
});
