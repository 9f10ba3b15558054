/**
 * The pages a signed-in page load preloads with the HTML (server/early-call-inline.ts PAGE_MODULES:
 * path pattern → page module) agree with the routes (src/app/routes.tsx: each page route's path and
 * the module its `lazy` imports) and with the contract's first calls (src/contract/erp.ts
 * firstCallsOf: which paths send ERP calls during the page load). Three lists of the same paths,
 * written in three places: a route renamed, moved to another module or added shows up here, not
 * as a deep link that silently loads its page late (or preloads a page it does not open).
 *
 * The routes are read from routes.tsx's syntax tree (TypeScript's parser, no type checking): every
 * object with `lazy: page(() => import('…'), …)`, its path joined with its parents' paths.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import ts from 'typescript';
import { PAGE_MODULES } from '../../server/early-call-inline';
import { firstCallsOf } from '../../src/contract/erp';

const ROOT = resolve(import.meta.dirname, '../..');
const ROUTES_FILE = resolve(ROOT, 'src/app/routes.tsx');

/**
 * Page routes nobody is expected to open straight from outside the app, so their code is not
 * fetched with the HTML (it comes when the app navigates there). A new page route must either get a
 * PAGE_MODULES entry or be added here — a decision, not an oversight.
 */
const NOT_PRELOADED = new Set([
  '/login', // not signed in: the preload script adds nothing there anyway
  '/accounts/:cariId/mutabakat', // opened from the statement page
  '/accounts/:cariId/acik-kalemler', // opened from the statement page
  '/accounts/:cariId/vade-farki', // opened from the open items page
  '/mutabakat', // opened from the account list
  '/mutabakat/donemler', // mutabakat campaigns (issue 32): no ERP call on load, opened from the menu
  '/mutabakat/donemler/:campaignId',
  '/mutabakat/kisiler',
  '/mutabakat/giden-kutusu',
  '/tahsilat', // tahsilat worklist (issue 34): no ERP call from the browser on load, opened from the menu
  '/tahsilat/hatirlatmalar',
  '/*', // not found
]);

interface PageRoute {
  /** Full path as the router matches it: "/accounts/:cariId". */
  path: string;
  /** The module its lazy() imports, as PAGE_MODULES names it: "/src/features/…/x-page.tsx". */
  module: string;
  /** Whether its loader is the page's first calls (`...firstCalls`). */
  firstCalls: boolean;
}

const propertyOf = (node: ts.ObjectLiteralExpression, name: string) =>
  node.properties.find((p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === name);

/** The module file a relative specifier in routes.tsx names ('../features/x/y' → '/src/features/x/y.tsx'). */
function moduleFile(spec: string): string {
  const base = resolve(dirname(ROUTES_FILE), spec);
  const file = ['.tsx', '.ts'].map((ext) => base + ext).find((f) => existsSync(f));
  if (!file) throw new Error(`routes.tsx imports ${spec}, which is no file`);
  return `/${relative(ROOT, file).replace(/\\/g, '/')}`;
}

/** The segment a route object adds to its parents' path ('' for an index route or a pathless layout). */
function segmentOf(route: ts.ObjectLiteralExpression): string {
  const path = propertyOf(route, 'path')?.initializer;
  return path && ts.isStringLiteral(path) ? path.text : '';
}

function pageRoutes(): { routes: PageRoute[]; pageCalls: number } {
  const source = ts.createSourceFile(ROUTES_FILE, readFileSync(ROUTES_FILE, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const routes: PageRoute[] = [];
  let pageCalls = 0;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'page') pageCalls++;
    if (ts.isObjectLiteralExpression(node)) {
      const lazy = propertyOf(node, 'lazy')?.initializer;
      // lazy: page(() => import('../features/…'), 'title')
      if (lazy && ts.isCallExpression(lazy) && ts.isIdentifier(lazy.expression) && lazy.expression.text === 'page') {
        const load = lazy.arguments[0];
        const call = load && ts.isArrowFunction(load) ? load.body : undefined;
        const spec = call && ts.isCallExpression(call) && call.expression.kind === ts.SyntaxKind.ImportKeyword ? call.arguments[0] : undefined;
        if (!spec || !ts.isStringLiteral(spec)) throw new Error(`routes.tsx: a page() whose module is not a literal import(): ${lazy.getText()}`);
        // Its path: its own segment after those of the route objects it is a child of.
        const segments: string[] = [];
        for (let n: ts.Node | undefined = node; n; n = n.parent) if (ts.isObjectLiteralExpression(n)) segments.unshift(segmentOf(n));
        routes.push({
          path: `/${segments.filter(Boolean).join('/')}`,
          module: moduleFile(spec.text),
          firstCalls: node.properties.some((p) => ts.isSpreadAssignment(p) && ts.isIdentifier(p.expression) && p.expression.text === 'firstCalls'),
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { routes, pageCalls };
}

/** A path the route matches, as a browser would have it: each :param an id ("/accounts/1000"). */
const samplePath = (routePath: string) => routePath.replace(/:[^/]+/g, '1000');
/** The PAGE_MODULES entries the preload script would pick for a path (it takes the first). */
const entriesFor = (path: string) => PAGE_MODULES.filter(([pattern]) => new RegExp(pattern).test(path));

const { routes, pageCalls } = pageRoutes();

describe('the pages preloaded with the HTML (PAGE_MODULES) agree with the routes and the first calls', () => {
  it('routes.tsx is read whole: every page() is a page route found, the pages the app has among them', () => {
    expect(routes).toHaveLength(pageCalls);
    expect(routes.map((r) => r.path)).toEqual(expect.arrayContaining(['/', '/accounts', '/accounts/:cariId', '/invoices/:faturaId', '/login', '/*']));
    expect(routes.find((r) => r.path === '/accounts/:cariId')?.module).toBe('/src/features/statement/statement-page.tsx');
  });

  it('each PAGE_MODULES entry names an existing module, matches a route, and is the module that route imports', () => {
    for (const [pattern, module] of PAGE_MODULES) {
      expect([pattern, existsSync(resolve(ROOT, `.${module}`))]).toEqual([pattern, true]);
      const matched = routes.filter((r) => r.path !== '/*' && new RegExp(pattern).test(samplePath(r.path)));
      expect([pattern, matched.map((r) => r.path)]).toEqual([pattern, [expect.any(String)]]);
      expect([pattern, matched[0]!.module]).toEqual([pattern, module]);
    }
  });

  it('every page route is preloaded (one entry, its own module) unless listed as not preloaded', () => {
    for (const route of routes) {
      const picked = entriesFor(samplePath(route.path)).map(([, module]) => module);
      if (NOT_PRELOADED.has(route.path)) expect([route.path, picked]).toEqual([route.path, []]);
      else expect([route.path, picked]).toEqual([route.path, [route.module]]);
    }
    // The list names only routes there are.
    for (const path of NOT_PRELOADED) expect(routes.map((r) => r.path)).toContain(path);
  });

  it("a page whose first calls go out during the page load (firstCallsOf) has its route's first-calls loader, and its code is preloaded", () => {
    for (const route of routes) {
      const path = samplePath(route.path);
      const early = firstCallsOf(path).length > 0;
      expect([route.path, early]).toEqual([route.path, route.firstCalls]);
      if (early) expect([route.path, entriesFor(path).map(([, module]) => module)]).toEqual([route.path, [route.module]]);
    }
  });
});
