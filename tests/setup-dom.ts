/**
 * Setup of every jsdom test (vitest.config.ts, projects "dom" and "flows"): jest-dom matchers,
 * cleanup after each test, empty localStorage per test, and the console.error rule (a test that logs
 * console.error fails). No server here: a component's unit test does not pay for the gateway and the
 * demo ERP — the flow tests add them (tests/setup-flows.ts).
 */
import '@testing-library/jest-dom/vitest';
import * as React from 'react';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { checkConsoleGuard, installConsoleGuard } from './harness/console-guard';
import { resetShortcutsCache } from '../src/lib/account-shortcuts';
import { resetTransfers } from '../src/api/transfers';

// React's development build records, for every element it creates, an Error (its "owner stack", shown
// in React DevTools and appended to warnings): about a tenth of a page test's CPU. Tests read no owner
// stacks, and React's warnings (keys, act, hooks order) are still given — and fail the test through
// the console.error rule — only without that stack.
const internals = (React as unknown as { __CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE: object }).__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => Number.MAX_SAFE_INTEGER, set: () => undefined });

// jsdom makes a new computed style on every getComputedStyle call (each property copied, colours and
// inherited values resolved up the tree), and testing-library's role queries call it for every element
// whose name or visibility they work out: about a fifth of a page test's CPU. jsdom keeps each attached
// element's cascaded declarations in a cache it drops on any change in the document (attribute, child,
// text, style sheet); the computed style is a function of those, so it is kept exactly as long.
const IMPL = Object.getOwnPropertySymbols(document).find((s) => s.description === 'impl');
if (IMPL) {
  type Impl = { _attached?: boolean; _ownerDocument?: { _styleCache?: object | null } };
  const implOf = (o: object) => (o as Record<symbol, Impl | undefined>)[IMPL];
  const real = window.getComputedStyle.bind(window);
  const kept = new WeakMap<object, WeakMap<Element, CSSStyleDeclaration>>();
  window.getComputedStyle = (elt: Element, pseudo?: string | null) => {
    const impl = !pseudo && elt ? implOf(elt) : undefined;
    const doc = impl?._attached ? impl._ownerDocument : undefined;
    if (!doc) return real(elt, pseudo);
    const hit = doc._styleCache ? kept.get(doc._styleCache)?.get(elt) : undefined;
    if (hit) return hit;
    const style = real(elt);
    if (doc._styleCache) {
      let forCache = kept.get(doc._styleCache);
      if (!forCache) kept.set(doc._styleCache, (forCache = new WeakMap()));
      forCache.set(elt, style);
    }
    return style;
  };
}

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
