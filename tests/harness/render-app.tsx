/**
 * renderApp(path): the REAL routes (src/app/routes.tsx) in a memory router, the real providers,
 * a fresh QueryClient (retry off) and the real gateway + demo ERP behind msw.
 */
import { act, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../src/api/query-client';
import { App, handleSessionExpiry, type AppRouter } from '../../src/app/app';
import { createRoutes } from '../../src/app/routes';
import { createErpEnv, loginAs, type ErpEnv, type ErpEnvOptions } from './erp-env';

export interface RenderAppOptions extends ErpEnvOptions {
  /** Log in through the gateway before rendering: true = demo/demo, or other credentials. */
  loggedIn?: boolean | { userName: string; password: string };
}

export interface RenderedApp extends ReturnType<typeof render> {
  router: AppRouter;
  queryClient: ReturnType<typeof createQueryClient>;
  user: ReturnType<typeof userEvent.setup>;
  env: ErpEnv;
  /** Current path + search of the router ("/accounts?q=abc"). */
  path(): string;
}

export async function renderApp(initialPath = '/', options: RenderAppOptions = {}): Promise<RenderedApp> {
  const env = createErpEnv(options);
  if (options.loggedIn) {
    const creds = options.loggedIn === true ? { userName: 'demo', password: 'demo' } : options.loggedIn;
    await loginAs(creds.userName, creds.password);
  }
  const queryClient = createQueryClient();
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, retry: false },
    mutations: { ...defaults.mutations, retry: false },
  });
  const router = createMemoryRouter(createRoutes(queryClient), { initialEntries: [initialPath] });
  handleSessionExpiry(queryClient, router);
  const user = userEvent.setup();
  const result = render(<App queryClient={queryClient} router={router} />);
  return {
    ...result,
    router,
    queryClient,
    user,
    env,
    path: () => router.state.location.pathname + router.state.location.search,
  };
}

/**
 * Runs `action` inside act() and keeps act() open until the router is idle and `done()` holds —
 * for work that starts outside a user event (router.navigate, a query fired by the test), so the
 * React updates it causes are flushed inside act (no act() warnings, which fail the test).
 */
export async function actUntil(app: RenderedApp, action: () => unknown, done: () => boolean = () => true, timeoutMs = 3000): Promise<void> {
  await act(async () => {
    await action();
    const end = Date.now() + timeoutMs;
    while (!(app.router.state.navigation.state === 'idle' && done())) {
      if (Date.now() > end) throw new Error(`actUntil: timed out (router at ${app.path()}, ${app.router.state.navigation.state})`);
      await new Promise((r) => setTimeout(r, 10));
    }
  });
}
