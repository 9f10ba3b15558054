/**
 * How the production build cuts the app into files (decision 0010, item 5: fewer files per page).
 *
 * Left to itself Rolldown gives every set of modules shared by a different set of dynamic imports a
 * chunk of its own — with a domain layer of many small modules, dozens of files per page — and on a
 * 2-core machine every file costs the browser process, the renderer and the server. Two groups:
 *
 * - **start**: what /login runs — the entry's static import graph and the login page's — one chunk.
 * - **signed-in**: the rest of the code a signed-in page load reaches through static imports from
 *   the signed-in frame, the code that reads the first calls and the pages opened directly (the page
 *   table's `preload`), outside `src/features`, one chunk; each page's own code (`src/features`)
 *   stays with the page.
 *
 * What is loaded only on a click (pdfmake, the workbook builder, the documents) is reached through a
 * dynamic import() and stays in chunks of its own. /login never loads the signed-in chunk: none of
 * its modules is in the start graph.
 */
import type { Plugin } from 'vite';
import { PAGES } from '../src/contract/pages';
import { APP_SHELL, FIRST_QUERIES } from './early-call-inline';

/** What /login opens besides the entry. */
const LOGIN_PAGE = '/src/features/auth/login-page.tsx';
/**
 * What a signed-in page load opens: the frame, the code that reads the first calls and the pages
 * people open directly (the page table's `preload`). The code only the other pages use (reached from
 * a page, the app already running) is left to the bundler: a bookmark does not carry it.
 */
const SIGNED_IN = [APP_SHELL, FIRST_QUERIES, ...PAGES.filter((p) => p.preload).map((p) => `/src/${p.module}.tsx`)];

export interface ModuleGraphNode {
  importedIds: readonly string[];
}
export type ModuleGraph = (id: string) => ModuleGraphNode | null;

/** Every module `roots` reach through static imports (not `import()`), the roots included. */
export function staticGraph(graph: ModuleGraph, roots: Iterable<string>): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length) {
    const id = todo.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    for (const dep of graph(id)?.importedIds ?? []) todo.push(dep);
  }
  return seen;
}

const norm = (id: string) => id.replace(/\\/g, '/');

export interface ChunkPlan {
  /** module id → the group's chunk name ('start' | 'signed-in'); absent: Rolldown decides. */
  groupOf: Map<string, string>;
}

/**
 * The plan for a module graph: `entries` (the app's entry), `publicRoots` (what /login opens besides
 * the entry: the login page), `signedInRoots` (the frame, the first-queries reader, the pages opened
 * directly).
 */
export function planChunks(graph: ModuleGraph, entries: string[], publicRoots: string[], signedInRoots: string[]): ChunkPlan {
  const groupOf = new Map<string, string>();
  const start = staticGraph(graph, [...entries, ...publicRoots]);
  for (const id of start) groupOf.set(id, 'start');
  for (const id of staticGraph(graph, signedInRoots)) {
    if (start.has(id) || /\/src\/features\//.test(norm(id))) continue;
    groupOf.set(id, 'signed-in');
  }
  return { groupOf };
}

/**
 * Vite plugin (build only): works out the plan once the module graph is complete (buildEnd) and
 * hands it to Rolldown's code-splitting groups.
 */
export function chunkPlan(publicModules = [LOGIN_PAGE], signedInModules = SIGNED_IN): Plugin {
  let plan: ChunkPlan = { groupOf: new Map() };
  const find = (ids: string[], suffix: string) => ids.filter((id) => norm(id).endsWith(suffix));
  return {
    name: 'chunk-plan',
    apply: 'build',
    config() {
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // First the start chunk: a module both groups reach stays in it (the signed-in group
                // takes its modules' imports along, and those would drag /login's code into it).
                groups: [
                  { name: 'start', test: (id: string) => plan.groupOf.get(id) === 'start', priority: 2 },
                  { name: 'signed-in', test: (id: string) => plan.groupOf.get(id) === 'signed-in', priority: 1 },
                ],
              },
            },
          },
        },
      };
    },
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const entries = ids.filter((id) => info(id)?.isEntry);
      const roots = (mods: string[]) =>
        mods.flatMap((m) => {
          const found = find(ids, m);
          // A module moved or renamed would quietly leave its code to the bundler's many small chunks.
          if (found.length === 0) this.error(`chunk-plan: ${m} is not in the build`);
          return found;
        });
      plan = planChunks(info, entries, roots(publicModules), roots(signedInModules));
    },
  };
}
