/**
 * What /login downloads (bench: bundle.firstScreenGzipKB ≤ 130 KB): the modules main.tsx and the
 * login page reach through static imports. Every page's messages are not among them — the first
 * screen's code takes `t` from src/i18n/core.ts (common + auth messages); src/i18n/index.ts, which
 * adds every other area's messages, comes with the pages' chunks.
 * (Static value imports only: `import type` and dynamic `import()` load nothing up front.)
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const ROOT = resolve(import.meta.dirname, '../..');

function resolveImport(from: string, spec: string): string | undefined {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((p) => /\.tsx?$/.test(p) && existsSync(p) && statSync(p).isFile());
}

/** Relative specifiers a module loads when it is evaluated (no `import type`, no `import()`). */
function staticImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const specs: string[] = [];
  for (const st of source.statements) {
    if (ts.isImportDeclaration(st)) {
      const clause = st.importClause;
      if (clause?.isTypeOnly) continue;
      const named = clause?.namedBindings;
      const onlyTypes =
        !!clause && !clause.name && !!named && ts.isNamedImports(named) && named.elements.length > 0 && named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) specs.push((st.moduleSpecifier as ts.StringLiteral).text);
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && !st.isTypeOnly) {
      specs.push((st.moduleSpecifier as ts.StringLiteral).text);
    }
  }
  return specs.filter((s) => s.startsWith('.'));
}

/** Every module reached from `entries` through static value imports, as paths relative to the root. */
export function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = entries.map((e) => join(ROOT, e));
  while (todo.length) {
    const file = todo.pop() as string;
    const rel = relative(ROOT, file);
    if (seen.has(rel)) continue;
    seen.add(rel);
    for (const spec of staticImports(file)) {
      const target = resolveImport(file, spec);
      if (target) todo.push(target);
    }
  }
  return seen;
}

describe('the /login bundle', () => {
  it('the closure sees through a chain of static imports (the check can fail)', () => {
    // app-shell.tsx → … → i18n/index.ts: a page-side module does reach every area's messages.
    expect(staticClosure(['src/app/app-shell.tsx']).has('src/i18n/index.ts')).toBe(true);
  });

  it('main.tsx and the login page reach no page messages (only src/i18n/core.ts)', () => {
    const closure = staticClosure(['src/main.tsx', 'src/features/auth/login-page.tsx']);
    expect(closure.has('src/i18n/core.ts')).toBe(true);
    expect([...closure].filter((m) => m === 'src/i18n/index.ts' || /^src\/i18n\/messages\/(?!common|auth)/.test(m))).toEqual([]);
  });
});
