/**
 * The route objects of the whole app. main.tsx feeds them to createBrowserRouter, the test
 * harness to createMemoryRouter: tests render exactly these routes.
 *
 * /login                       public (redirects to `next` when a session already exists)
 * (protected layout)           asks the server who is logged in (GET /api/session)
 *   /            Özet (the page after login)
 *   /accounts  /accounts/:cariId  /accounts/:cariId/mutabakat (letter)  /accounts/:cariId/acik-kalemler  /accounts/:cariId/vade-farki  /mutabakat (letters for the list)  /aging  /invoices  /invoices/:faturaId
 *   /tahsilat (worklist; ?gorunum=, ?musteri=)  /tahsilat/hatirlatmalar (reminder proposals)  /tahsilat/ayarlar (levels, templates)
 *   /mutabakat/donemler (campaigns)  /mutabakat/donemler/:campaignId (the board; ?durum=, ?mektup=)  /mutabakat/kisiler (contacts import)  /mutabakat/giden-kutusu (outbox; ?posta=)
 *   /mutabakat/denetim (Denetçi modu, the company's side; ?id=)
 * /denetim/davet  /denetim/giris  /denetim  the independent auditor's own area (no staff session; its own cookie)
 *   *            → not-found
 * Search params (fixed names): q (accounts), firma (aging, invoices), no (invoices).
 */
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { signedInHint, startCalls } from '../api/erp-call';
import { PAGES, pageCallsOf, type PageModule } from '../contract/pages';
import { configQuery, fetchSession, sessionQuery } from '../api/session';
import type { SessionUser } from '../domain/erp-types';
import { loginPathFor, safeNextPath } from '../features/auth/next-path';
import { translate, type MessageKey } from '../i18n/core';
import { Loading } from '../components/feedback/loading';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

type PageLoad = () => Promise<{ default: React.ComponentType }>;

/**
 * Each signed-in page's code and document title, by its module in the page table (contract/pages.ts).
 * The import() calls stay literal so Vite gives each page its own chunk; each key is the specifier
 * its import() names (tests/structure/page-table.test.ts), and the type makes every page listed.
 */
export const PAGE_LOADERS = {
  'features/overview/overview-page': [() => import('../features/overview/overview-page'), 'common.nav.overview'],
  'features/accounts/accounts-page': [() => import('../features/accounts/accounts-page'), 'common.nav.accounts'],
  'features/statement/statement-page': [() => import('../features/statement/statement-page'), 'common.nav.accounts'],
  'features/statement/reconciliation-letter-page': [() => import('../features/statement/reconciliation-letter-page'), 'letter.page.title'],
  'features/open-items/open-items-page': [() => import('../features/open-items/open-items-page'), 'ledger.openItems.title'],
  'features/open-items/late-interest-page': [() => import('../features/open-items/late-interest-page'), 'ledger.lateInterest.title'],
  'features/accounts/reconciliation-letters-page': [() => import('../features/accounts/reconciliation-letters-page'), 'letters.title'],
  'features/mutabakat/campaigns-page': [() => import('../features/mutabakat/campaigns-page'), 'mut.campaigns.title'],
  'features/mutabakat/board-page': [() => import('../features/mutabakat/board-page'), 'mut.campaigns.title'],
  'features/mutabakat/contacts-import-page': [() => import('../features/mutabakat/contacts-import-page'), 'mut.import.title'],
  'features/mutabakat/outbox-page': [() => import('../features/mutabakat/outbox-page'), 'mut.outbox.title'],
  'features/denetim/company-page': [() => import('../features/denetim/company-page'), 'den.company.title'],
  'features/babs/babs-page': [() => import('../features/babs/babs-page'), 'babs.title'],
  'features/tahsilat/worklist-page': [() => import('../features/tahsilat/worklist-page'), 'col.title'],
  'features/tahsilat/reminders-panel': [() => import('../features/tahsilat/reminders-panel'), 'col.rem.title'],
  'features/tahsilat/settings-page': [() => import('../features/tahsilat/settings-page'), 'col.set.title'],
  'features/aging/aging-page': [() => import('../features/aging/aging-page'), 'common.nav.aging'],
  'features/invoices/invoice-search-page': [() => import('../features/invoices/invoice-search-page'), 'common.nav.invoices'],
  'features/invoices/invoice-detail-page': [() => import('../features/invoices/invoice-detail-page'), 'common.nav.invoices'],
} as const satisfies Record<PageModule, readonly [PageLoad, MessageKey]>;

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  /** /api/config before anything else: fetchConfig merges the operator's extra aliases into the reader. */
  async function rootLoader() {
    await queryClient.ensureQueryData(configQuery);
    return null;
  }

  /** Login page: a user who is already logged in goes straight on. Always asks the server. */
  async function loginLoader({ request }: LoaderFunctionArgs) {
    const next = safeNextPath(new URL(request.url).searchParams.get('next'));
    let user: SessionUser | null;
    try {
      user = await fetchSession();
    } catch {
      // 401 (not logged in) or the gateway is unreachable: show the form; a login attempt
      // will report any real problem.
      return null;
    }
    if (user) throw redirect(next);
    return null;
  }

  /** The protected layout: the server says who is logged in, else → /login?next=… */
  async function protectedLoader({ request }: LoaderFunctionArgs): Promise<{ user: SessionUser }> {
    const url = new URL(request.url);
    const toLogin = () => redirect(loginPathFor(url.pathname + url.search));
    // Cached after the first check; logout and session expiry clear the cache, so the next
    // visit (also "Back" after logout) asks the server again.
    const user = await queryClient.ensureQueryData(sessionQuery);
    if (!user) {
      queryClient.removeQueries({ queryKey: sessionQuery.queryKey });
      throw toLogin();
    }
    return { user };
  }

  /**
   * A page's code and its document title (route handle). The title is read once the code is in: a
   * page's module brings its area's messages (it imports i18n), which /login's bundle does not hold
   * (i18n/core.ts).
   */
  const page = (load: PageLoad, title: MessageKey) => async () => {
    const Component = (await load()).default;
    return { Component, handle: { title: translate(title) } satisfies RouteHandle };
  };

  /**
   * A page's first ERP calls (contract: firstCallsOf, the same the early-call script sends on a page
   * load), started from its route so they travel while the page's code loads; the page's queries
   * take them over (erp-call.ts). Only when someone is signed in: at once when the browser says so
   * (signedInHint, as the early-call script goes by), else once the server has said who is signed
   * in — before the login nothing goes to the ERP. Never awaited for the calls and never failing:
   * the page shows its own loading state and errors. Not again for a search-param change on the
   * same page.
   */
  const firstCalls = {
    loader: async ({ request }: LoaderFunctionArgs) => {
      // Not for an answer already in the cache or on its way (a prefetch: a row focused on the list).
      const url = new URL(request.url);
      const { first, along: sentAlong } = pageCallsOf(url.pathname, url.search);
      const wanted = (call: { queryKey: readonly unknown[] }) => {
        const state = queryClient.getQueryState(call.queryKey);
        return state?.data === undefined && state?.fetchStatus !== 'fetching';
      };
      const calls = first.filter(wanted);
      if (calls.length === 0) return null;
      // Sent with them, read by the page later (the page table's alongCalls).
      const along = sentAlong.filter(wanted);
      // The requests go now (or were sent by the early-call script: taken over); the queries that
      // read them start as soon as their module is in — in parallel with the page's code, so the
      // first rows are read into the cache before the page renders (a new tab on a deep link).
      const start = () => {
        startCalls([...calls, ...along]);
        void import('../api/first-queries').then(({ prefetchCalls }) => prefetchCalls(queryClient, calls));
      };
      if (signedInHint.read()) {
        start();
        return null;
      }
      try {
        const user = await queryClient.ensureQueryData(sessionQuery);
        if (user) start();
      } catch {
        // the protected layout reports a failed session check
      }
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }: ShouldRevalidateFunctionArgs) => currentUrl.pathname !== nextUrl.pathname,
  };

  return [
    {
      id: 'root',
      Component: RootLayout,
      loader: rootLoader,
      errorElement: <RouteError />,
      HydrateFallback: () => <Loading />,
      children: [
        {
          path: 'login',
          loader: loginLoader,
          lazy: page(() => import('../features/auth/login-page'), 'auth.title'),
        },
        {
          // Denetçi modu: the independent auditor's own area — no staff session, no shell; its pages ask
          // the auditor's API, which answers 401 to anyone without the auditor's cookie.
          path: 'denetim',
          children: [
            { index: true, lazy: page(() => import('../features/denetim/auditor-page'), 'den.area') },
            { path: 'giris', lazy: page(() => import('../features/denetim/auditor-login-page'), 'den.login.title') },
            { path: 'davet', lazy: page(() => import('../features/denetim/invite-page'), 'den.invite.title') },
          ],
        },
        {
          id: 'protected',
          loader: protectedLoader,
          // The shell (header, quick invoice box) is not needed on /login: it comes with the signed-in code (server/chunking.ts).
          lazy: async () => ({ Component: (await import('./app-shell')).AppShell }),
          errorElement: <RouteError />,
          children: [
            {
              // Page errors render inside the shell (header and navigation stay usable).
              errorElement: <RouteError />,
              children: [
                // The page table: one route per signed-in page, its first calls loaded by its route.
                ...PAGES.map((entry) => {
                  const [load, title] = PAGE_LOADERS[entry.module];
                  return {
                    ...(entry.path === '' ? { index: true as const } : { path: entry.path }),
                    ...('firstCalls' in entry ? firstCalls : {}),
                    lazy: page(load, title),
                  };
                }),
                {
                  path: '*',
                  lazy: page(() => import('./not-found-page'), 'common.notFound.title'),
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}
