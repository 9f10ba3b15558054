/**
 * How the build groups modules into files (server/chunking.ts): /login's code in one chunk, the code
 * signed-in pages share in another, each page's own code (src/features) and what only a click loads
 * (an import()) left to the bundler. A small module graph, laid out like the app's, worked by hand.
 */
import { chunkPlan, planChunks, staticGraph, type ModuleGraph } from '../../server/chunking';

// main → react, i18n/core, routes; routes import()s the login page, the shell and a page.
// The login page → text-field (a component) → format (domain); the shell → format, data-table.
// The page (features/tahsilat) → data-table, its own worklist model (features), and import()s pdf.
const EDGES: Record<string, string[]> = {
  '/app/src/main.tsx': ['/app/node_modules/react/index.js', '/app/src/i18n/core.ts', '/app/src/app/routes.tsx'],
  '/app/src/app/routes.tsx': ['/app/src/i18n/core.ts'],
  '/app/src/features/auth/login-page.tsx': ['/app/src/components/text-field.tsx'],
  '/app/src/components/text-field.tsx': ['/app/src/domain/format.ts', '/app/node_modules/react/index.js'],
  '/app/src/app/app-shell.tsx': ['/app/src/domain/format.ts', '/app/src/components/data-table.tsx', '/app/src/i18n/index.ts'],
  '/app/src/components/data-table.tsx': ['/app/node_modules/@tanstack/react-table/index.js', '/app/node_modules/react/index.js'],
  '/app/src/features/tahsilat/worklist-page.tsx': ['/app/src/components/data-table.tsx', '/app/src/features/tahsilat/worklist-model.ts'],
  '/app/src/features/tahsilat/worklist-model.ts': ['/app/src/domain/money.ts'],
  // Reached only through import() (a click): pdfmake and the document it renders.
  '/app/src/domain/document/statement-document.ts': ['/app/node_modules/pdfmake/index.js'],
};
const graph: ModuleGraph = (id) => ({ importedIds: EDGES[id] ?? [] });
const plan = () =>
  planChunks(
    graph,
    ['/app/src/main.tsx'],
    ['/app/src/features/auth/login-page.tsx'],
    ['/app/src/app/app-shell.tsx', '/app/src/features/tahsilat/worklist-page.tsx'],
  ).groupOf;
/** The modules the plan puts in `group`, sorted. */
const inGroup = (group: string) =>
  [...plan()]
    .filter(([, g]) => g === group)
    .map(([id]) => id)
    .sort();

describe('the build plan (server/chunking.ts)', () => {
  it('the static graph follows chains of static imports only', () => {
    expect([...staticGraph(graph, ['/app/src/features/auth/login-page.tsx'])].sort()).toEqual([
      '/app/node_modules/react/index.js',
      '/app/src/components/text-field.tsx',
      '/app/src/domain/format.ts',
      '/app/src/features/auth/login-page.tsx',
    ]);
  });

  it("/login's chunk: the entry's graph and the login page's, a module signed-in pages use too (format) included", () => {
    expect(inGroup('start')).toEqual([
      '/app/node_modules/react/index.js',
      '/app/src/app/routes.tsx',
      '/app/src/components/text-field.tsx',
      '/app/src/domain/format.ts',
      '/app/src/features/auth/login-page.tsx',
      '/app/src/i18n/core.ts',
      '/app/src/main.tsx',
    ]);
  });

  it("the signed-in chunk: what the shell and the pages reach outside src/features and outside /login's code", () => {
    expect(inGroup('signed-in')).toEqual([
      '/app/node_modules/@tanstack/react-table/index.js',
      '/app/src/app/app-shell.tsx',
      '/app/src/components/data-table.tsx',
      '/app/src/domain/money.ts', // reached through the page's own model
      '/app/src/i18n/index.ts',
    ]);
  });

  it("a page's own code and what only a click loads stay out of both groups (the bundler gives them their chunks)", () => {
    const groups = plan();
    for (const id of [
      '/app/src/features/tahsilat/worklist-page.tsx',
      '/app/src/features/tahsilat/worklist-model.ts',
      '/app/src/domain/document/statement-document.ts',
      '/app/node_modules/pdfmake/index.js',
    ]) {
      expect([id, groups.get(id)]).toEqual([id, undefined]);
    }
  });

  it('the plugin hands Rolldown two groups, /login’s first (a module both would take stays with /login)', async () => {
    const plugin = chunkPlan();
    const config = (plugin.config as () => { build: { rolldownOptions: { output: { codeSplitting: { groups: { name: string; priority: number }[] } } } } })();
    const groups = config.build.rolldownOptions.output.codeSplitting.groups;
    expect(groups.map((g) => g.name)).toEqual(['start', 'signed-in']);
    expect(groups[0]!.priority).toBeGreaterThan(groups[1]!.priority);
  });

  it('a named root missing from the build (moved, renamed) stops the build with its name', () => {
    const plugin = chunkPlan(['/src/features/auth/login-page.tsx'], ['/src/app/app-shell.tsx']);
    const context = (ids: string[]) => ({
      getModuleIds: () => ids.values(),
      getModuleInfo: (id: string) => ({ ...graph(id)!, isEntry: id.endsWith('main.tsx') }),
      error: (message: string) => {
        throw new Error(message);
      },
    });
    const buildEnd = plugin.buildEnd as (this: unknown) => void;
    expect(() => buildEnd.call(context(['/app/src/main.tsx', '/app/src/features/auth/login-page.tsx', '/app/src/app/app-shell.tsx']))).not.toThrow();
    expect(() => buildEnd.call(context(['/app/src/main.tsx', '/app/src/features/auth/login-page.tsx']))).toThrow(
      'chunk-plan: /src/app/app-shell.tsx is not in the build',
    );
  });
});
