import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

export default defineConfig({
  plugins: [react()],
  test: {
    globals: true,
    // CI machines have 2 cores; heavy dataset checks can pass 5 s there under load.
    testTimeout: 20_000,
    // Vitest's default is one worker per core minus one: a single worker on a 2-core machine, with
    // the other core idle while tests wait on sockets and timers. Two workers there halve the run.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The JSON report lets .ci/run print one closing 'N passed, N failed' line.
    reporters: ['default', ['json', { outputFile: 'test-results/vitest.json' }]],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['server/**/*.test.ts', 'tests/gateway/**/*.test.ts', 'src/lib/**/*.test.ts', 'src/domain/**/*.test.ts', 'src/api/**/*.test.ts', 'src/features/**/*.test.ts', 'tests/structure/**/*.test.ts', 'tests/reader/**/*.test.ts'],
        },
      },
      {
        // Component and hook tests in jsdom: no gateway, no demo ERP, no msw (tests/setup-dom.ts).
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:3000' } },
          include: ['src/**/*.test.tsx'],
          setupFiles: ['tests/setup-dom.ts'],
        },
      },
      {
        // Flow tests: the real routes over the real gateway + demo ERP behind msw (tests/harness).
        extends: true,
        test: {
          name: 'flows',
          environment: 'jsdom',
          environmentOptions: { jsdom: { url: 'http://localhost:3000' } },
          include: ['tests/flows/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup-dom.ts', 'tests/setup-flows.ts'],
        },
      },
    ],
  },
});
