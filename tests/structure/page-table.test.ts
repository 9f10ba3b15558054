/**
 * The page table (src/contract/pages.ts) is the one list of signed-in pages: the router builds its
 * routes from it, the early-call script its first calls, the build's preload script which code a
 * direct page load fetches with the HTML. What is left to keep in step by hand is each page's literal
 * import() in routes.tsx (Vite splits on it): checked here by loading each page through it.
 */
import { QueryClient } from '@tanstack/react-query';
import type { RouteObject } from 'react-router-dom';
import { PAGE_MODULES } from '../../server/early-call-inline';
import { PAGE_LOADERS, createRoutes } from '../../src/app/routes';
import { PAGES, firstCallsOf, matchPage } from '../../src/contract/pages';
import { invoiceDetailCall } from '../../src/contract/erp';

/** Every route with its full path ('/accounts/:cariId'; the index page '/'). */
function flatten(routes: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const path = route.index ? parent || '/' : route.path ? `${parent}/${route.path}` : parent;
    const own = route.lazy && (route.path !== undefined || route.index) ? [{ path, route }] : [];
    return [...own, ...flatten(route.children ?? [], path)];
  });
}

/** A browser path the entry matches: each :param an id. */
const samplePath = (path: string) => `/${path.replace(/:[^/]+/g, '1000')}`;

describe('the page table', () => {
  it("each page's loader loads the very module the table names (that module exists)", async () => {
    expect(Object.keys(PAGE_LOADERS).sort()).toEqual(PAGES.map((p) => p.module).sort());
    // Every page module of the source tree, imported on demand as a bundler would.
    const files = import.meta.glob('../../src/features/**/*.tsx');
    for (const { module } of PAGES) {
      const direct = files[`../../src/${module}.tsx`];
      expect([module, typeof direct]).toEqual([module, 'function']);
      const [load] = PAGE_LOADERS[module as keyof typeof PAGE_LOADERS];
      // The same module instance: the loader imports that file, not another one.
      expect(await load()).toBe(await direct!());
    }
  }, 60_000);

  it('the router has one route per page at its path, with the first-calls loader exactly where the page has first calls', () => {
    const routes = flatten(createRoutes(new QueryClient()));
    for (const entry of PAGES) {
      const found = routes.filter((r) => r.path === (entry.path ? `/${entry.path}` : '/'));
      expect([entry.path, found.length]).toEqual([entry.path, 1]);
      expect([entry.path, typeof found[0]!.route.loader]).toEqual([entry.path, 'firstCalls' in entry ? 'function' : 'undefined']);
    }
    // Besides the table: the login page, the independent auditor's own area (Denetçi modu) and the not-found page.
    expect(routes.map((r) => r.path).filter((p) => !PAGES.some((e) => (e.path ? `/${e.path}` : '/') === p))).toEqual([
      '/login',
      '/denetim',
      '/denetim/giris',
      '/denetim/davet',
      '/*',
    ]);
  });

  it('a direct page load preloads the code of the page its path opens, and only of pages marked preload', () => {
    const picked = (path: string) => PAGE_MODULES.filter(([pattern]) => new RegExp(pattern).test(path)).map(([, m]) => m);
    expect(picked('/accounts/1000')).toEqual(['/src/features/statement/statement-page.tsx']);
    expect(picked('/')).toEqual(['/src/features/overview/overview-page.tsx']);
    expect(picked('/accounts/1000/mutabakat')).toEqual(['/src/features/statement/reconciliation-letter-page.tsx']);
    expect(picked('/mutabakat/donemler')).toEqual([]);
    for (const entry of PAGES) {
      expect([entry.path, picked(samplePath(entry.path))]).toEqual([entry.path, entry.preload ? [`/src/${entry.module}.tsx`] : []]);
      // A page whose first calls leave during the page load has its code fetched with the HTML too.
      if ('firstCalls' in entry) expect([entry.path, entry.preload]).toEqual([entry.path, true]);
    }
  });

  it('a path matches its page with decoded parameters; a malformed or blank parameter asks the ERP nothing', () => {
    expect(matchPage('/accounts/%C3%96Z%2B7/')?.params).toEqual({ cariId: 'ÖZ+7' });
    expect(matchPage('/accounts/1000/vade-farki')?.page.module).toBe('features/open-items/late-interest-page');
    expect(matchPage('/nowhere')).toBeNull();
    expect(matchPage('/invoices/%E0%A4%A')?.params).toBeNull();
    expect(firstCallsOf('/invoices/%20')).toEqual([]);
    expect(firstCallsOf('/invoices/F-1')).toEqual([invoiceDetailCall('F-1')]);
  });
});
