/**
 * Setup of every jsdom test (vitest.config.ts, projects "dom" and "flows"): jest-dom matchers,
 * cleanup after each test, empty localStorage per test, and the console.error rule (a test that logs
 * console.error fails). No server here: a component's unit test does not pay for the gateway and the
 * demo ERP — the flow tests add them (tests/setup-flows.ts).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleGuard, installConsoleGuard } from './harness/console-guard';
import { resetShortcutsCache } from '../src/lib/account-shortcuts';
import { resetTransfers } from '../src/api/transfers';

// Every test starts with an empty browser storage (pinned/recent accounts live there).
beforeEach(() => {
  localStorage.clear();
  resetShortcutsCache();
  // A previous test's answer left streaming would otherwise be the "oldest call" of the next one's progress.
  resetTransfers();
  installConsoleGuard();
});
afterEach(() => {
  cleanup();
  checkConsoleGuard();
});
