/**
 * renderApp(path): the REAL routes (src/app/routes.tsx) in a memory router, the real providers,
 * a fresh QueryClient (retry off) and the real gateway + demo ERP behind msw.
 */
import { act, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, type RouteObject } from 'react-router-dom';
import { createQueryClient } from '../../src/api/query-client';
import { App, handleSessionExpiry, type AppRouter } from '../../src/app/app';
import { createRoutes } from '../../src/app/routes';
import { createErpEnv, loginAs, type ErpEnv, type ErpEnvOptions } from './erp-env';
import { signedInHint } from '../../src/api/erp-call';

export interface RenderAppOptions extends ErpEnvOptions {
  /** Log in through the gateway before rendering: true = demo/demo, or other credentials. */
  loggedIn?: boolean | { userName: string; password: string };
  /**
   * A slow network for a page's code: a navigation to the route with this path (as routes.tsx writes
   * it, e.g. 'accounts/:cariId') loads its page only once the promise returned settles — so the test
   * decides how long the navigation stays pending. (Every page's module is already imported before the
   * first render — warmRoutes — so a slow import alone would hold nothing.)
   */
  holdPage?: (routePath: string) => Promise<void> | undefined;
}

/** The routes with each page's lazy() waiting for `hold` first. */
function holdingPages(routes: RouteObject[], hold: NonNullable<RenderAppOptions['holdPage']>): RouteObject[] {
  return routes.map((route) => {
    const { lazy, path, children } = route;
    const held = { ...route, ...(children ? { children: holdingPages(children, hold) } : {}) } as RouteObject;
    if (typeof lazy === 'function' && path !== undefined)
      held.lazy = async () => {
        await hold(path);
        return lazy();
      };
    return held;
  });
}

export interface RenderedApp extends ReturnType<typeof render> {
  router: AppRouter;
  queryClient: ReturnType<typeof createQueryClient>;
  user: ReturnType<typeof userEvent.setup>;
  env: ErpEnv;
  /** Current path + search of the router ("/accounts?q=abc"). */
  path(): string;
}

/**
 * Every lazy route module (pages, the shell) imported once per test file before the first render.
 * In a test run the first import of a page is vite transforming its code (≈ 1–2.5 s for Özet on a
 * loaded 2-core machine, then ≈ 0): a test's `findBy…` (1 s by default) would otherwise time the
 * transform, not the app — "logs in and lands on Özet" failed now and then for exactly that, being
 * the first test of its file to show the shell and Özet.
 */
let warm: Promise<unknown> | undefined;
function warmRoutes(routes: RouteObject[]): Promise<unknown> {
  const lazies: Promise<unknown>[] = [];
  const walk = (list: RouteObject[]) => {
    for (const route of list) {
      if (typeof route.lazy === 'function') lazies.push(route.lazy());
      if (route.children) walk(route.children);
    }
  };
  walk(routes);
  return Promise.all(lazies);
}

export async function renderApp(initialPath = '/', options: RenderAppOptions = {}): Promise<RenderedApp> {
  await (warm ??= warmRoutes(createRoutes(createQueryClient())));
  const env = createErpEnv(options);
  // A fresh page: no call of an earlier test waits to be taken over, and the browser was signed in
  // (the readable hint a page load goes by) exactly when the test logs in first.
  delete globalThis.__erpCalls;
  signedInHint.write(Boolean(options.loggedIn));
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
  const routes = createRoutes(queryClient);
  const router = createMemoryRouter(options.holdPage ? holdingPages(routes, options.holdPage) : routes, { initialEntries: [initialPath] });
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

/**
 * Waits until for 60 ms none of the page's reads or writes has been on its way and no part of the page
 * has said it is still loading (aria-busy): for a test that ends on a page which reads more than the
 * test looked at (the statement page reads the account's facts once its rows are painted), so no answer
 * lands after the test, outside act — a warning, which fails it. It waits as waitFor does (React renders
 * meanwhile, act's warnings off); react-query tells its components a tick after an answer, inside the quiet.
 */
export async function settled(app: RenderedApp, timeoutMs = 5000): Promise<void> {
  let quietSince = 0;
  await waitFor(
    () => {
      const busy = app.queryClient.isFetching() + app.queryClient.isMutating() > 0 || document.querySelector('[aria-busy="true"]') !== null;
      if (busy) quietSince = 0;
      else quietSince ||= Date.now();
      if (!quietSince || Date.now() - quietSince < 60) throw new Error(`settled: the page at ${app.path()} is still loading`);
    },
    { timeout: timeoutMs, interval: 10 },
  );
}
