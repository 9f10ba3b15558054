/**
 * Setup of the jsdom test project (vitest.config.ts): jest-dom matchers, msw lifecycle
 * (the real gateway + demo ERP answer /api/*, anything else is an error), cleanup after each
 * test, empty localStorage per test, and the console.error rule (a test that logs console.error fails).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { mswServer, resetErpEnv } from './harness/erp-env';
import { checkConsoleGuard, installConsoleGuard } from './harness/console-guard';
import { resetShortcutsCache } from '../src/lib/account-shortcuts';

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
// Every test starts with an empty browser storage (pinned/recent accounts live there).
beforeEach(() => {
  localStorage.clear();
  resetShortcutsCache();
  installConsoleGuard();
});
afterEach(() => {
  cleanup();
  mswServer.resetHandlers();
  resetErpEnv();
  checkConsoleGuard();
});
afterAll(() => mswServer.close());
