import { defineConfig } from '@playwright/test';
import { authFile, e2e } from './tests/e2e/env';

// The end-to-end suite is started by tests/e2e/run.ts (`npm run test:e2e`), which starts the servers
// and passes their addresses here through E2E_* environment variables. See tests/e2e/README.md.
const { baseURL, mode } = e2e;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/e2e-${mode}`,
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  // The dev runs' server transforms each module on its first request (hundreds for a page's first
  // load, two workers at once): on a slow or busy machine the first journeys pay that, not the app.
  timeout: mode === 'prod' ? 45_000 : 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'tr-TR',
    timezoneId: 'Europe/Istanbul',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [
    { name: 'setup', testMatch: /auth\.setup\.ts/ },
    {
      name: 'journeys',
      testMatch: /.*\.spec\.ts/,
      testIgnore: /faults\.spec\.ts/,
      dependencies: ['setup'],
      use: { storageState: authFile },
    },
    {
      // Fault journeys change the demo ERP's behaviour for everyone, so the runner starts them
      // in a separate `playwright test --project=faults` after the journeys, one at a time.
      name: 'faults',
      testMatch: /faults\.spec\.ts/,
      dependencies: ['setup'],
      fullyParallel: false,
      use: { storageState: authFile },
    },
  ],
});
