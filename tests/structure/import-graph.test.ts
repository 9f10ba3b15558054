/**
 * The import graph of our own code has no cycle: a module never (through any chain) imports itself.
 * Every relative import counts — static, `import type`, `export … from` and dynamic `import()` —
 * in src/, server/, tests/ and bench/. A cycle is reported as the chain of files that closes it.
 * (TypeScript's own import scanner; no type checking, so it runs in well under a second.)
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');
const DIRS = ['src', 'server', 'tests', 'bench'];
const SKIP = new Set(['node_modules', '.tmp', 'dist']);

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    if (SKIP.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names (bundler resolution: extension or /index optional). */
function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((p) => /\.tsx?$/.test(p) && existsSync(p) && statSync(p).isFile());
}

/** Module → the modules it imports (relative imports of .ts/.tsx only). */
function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((f) => f.fileName)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => resolveImport(file, spec))
      .filter((p): p is string => p !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** One chain per cycle found (depth-first search; each chain starts and ends on the same file). */
function findCycles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      const s = state.get(next);
      if (s === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (s === undefined) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

describe('import graph', () => {
  it('finds a cycle when there is one (the check can fail)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
    expect(findCycles(new Map([['a', ['b']], ['b', []]]))).toEqual([]);
  });

  it('src/, server/, tests/ and bench/ import nothing in a circle', () => {
    const files = DIRS.flatMap((d) => sourceFiles(join(ROOT, d)));
    const graph = importGraph(files);
    // The scan reads real imports: routes.tsx loads the pages and the shell.
    expect(graph.get(join(ROOT, 'src/app/routes.tsx'))).toContain(join(ROOT, 'src/app/app-shell.tsx'));
    const cycles = findCycles(graph).map((chain) => chain.map((f) => relative(ROOT, f)).join(' → '));
    expect(cycles).toEqual([]);
  });
});
