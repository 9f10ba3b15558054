/**
 * Setup of the flow tests (vitest.config.ts, project "flows"; after tests/setup-dom.ts): msw sends
 * every /api request to the real gateway in front of the real demo ERP (tests/harness); anything
 * else is an error. Handlers and the ERP environment are reset after each test.
 */
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mswServer, resetErpEnv } from './harness/erp-env';

beforeAll(() => mswServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  mswServer.resetHandlers();
  resetErpEnv();
});
afterAll(() => mswServer.close());
