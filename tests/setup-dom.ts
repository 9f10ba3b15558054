/**
 * Setup of every DOM test (happy-dom, tests/harness/happy-dom-env.ts; vitest.config.ts, projects "dom" and "flows"): jest-dom matchers,
 * cleanup after each test, empty localStorage per test, and the console.error rule (a test that logs
 * console.error fails). No server here: a component's unit test does not pay for the gateway and the
 * demo ERP — the flow tests add them (tests/setup-flows.ts).
 */
import '@testing-library/jest-dom/vitest';
import * as React from 'react';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import type { Config } from '@testing-library/dom';
import { checkConsoleGuard, installConsoleGuard } from './harness/console-guard';
import { resetShortcutsCache } from '../src/lib/account-shortcuts';
import { resetTransfers } from '../src/api/transfers';

// React's development build records, for every element it creates, an Error (its "owner stack", shown
// in React DevTools and appended to warnings): about a tenth of a page test's CPU. Tests read no owner
// stacks, and React's warnings (keys, act, hooks order) are still given — and fail the test through
// the console.error rule — only without that stack.
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: object })
  .__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });

// A failed query's error carries the whole document, printed (testing-library's getElementError). Inside
// waitFor/findBy* every retry that does not find its element yet builds one and throws it away; waitFor
// runs those retries with `_disableExpensiveErrorDiagnostics` set and, when it times out, builds the
// message again from the document as it is then (its onTimeout). So a retry's error skips the print
// (a tenth of a flow's CPU went to it), and a failure still shows the page. Outside waitFor: unchanged.
type PrintingError = Config['getElementError'] & { printing?: Config['getElementError'] };
const current: PrintingError = getConfig().getElementError;
const printing = current.printing ?? current;
const elementError: PrintingError = (message, container) => {
  const quiet = (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
  const error = quiet ? Object.assign(new Error(message ?? ''), { name: 'TestingLibraryElementError' }) : printing(message, container);
  // The stack (and the code frame vitest shows) starts at the query, not in this wrapper.
  Error.captureStackTrace(error, elementError);
  return error;
};
elementError.printing = printing;
configure({ getElementError: elementError });

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
