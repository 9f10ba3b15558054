/**
 * Setup of the flow tests (vitest.config.ts, project "flows"; after tests/setup-dom.ts): msw sends
 * every /api request to the real gateway in front of the real demo ERP (tests/harness); anything
 * else is an error. Handlers and the ERP environment are reset after each test; waits for the page
 * give up after 5 s.
 */
import { configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer, resetErpEnv } from './harness/erp-env';

// A flow waits for real work (a lazy page, the gateway, the demo ERP): the findBy*/waitFor default of
// 1 s is shorter than a login → Özet on a loaded 2-core machine. A wait ends as soon as its
// condition holds; a file may set its own.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  resetErpEnv();
});
afterAll(() => mswServer.close());
