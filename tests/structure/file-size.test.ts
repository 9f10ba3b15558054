/**
 * The guide's size rules, held by a test rather than by review: no source file over 400 lines (tests
 * excepted), and a page module (src/features/<area>/*-page.tsx) is composition — its state lives in a
 * view hook and its parts beside it — so it stays near 150 lines, and so do those hooks.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [path] : [];
  });
}
const linesOf = (path: string) => readFileSync(join(ROOT, path), 'utf8').split('\n').length - 1;

describe('file sizes', () => {
  const files = [...sourceFiles('src'), ...sourceFiles('server')];

  it('finds the source files (the walk itself works)', () => {
    expect(files).toContain(join('src', 'features', 'aging', 'aging-page.tsx'));
    expect(files.some((f) => f.endsWith('.test.ts'))).toBe(false);
  });

  it('no source file is over 400 lines', () => {
    const over = files.map((f) => ({ file: relative(ROOT, join(ROOT, f)), lines: linesOf(f) })).filter((x) => x.lines > 400);
    expect(over).toEqual([]);
  });

  it('no page module is over 160 lines', () => {
    const pages = files.filter((f) => /^src\/features\/[^/]+\/[^/]+-page\.tsx$/.test(f.split('\\').join('/')));
    expect(pages.length).toBeGreaterThan(10);
    const over = pages.map((f) => ({ file: f, lines: linesOf(f) })).filter((x) => x.lines > 160);
    expect(over).toEqual([]);
  });

  it("no feature's hook (src/features/<area>/use-*.ts: a page's view hook and what it is made of) is over 160 lines", () => {
    const hooks = files.filter((f) => /^src\/features\/[^/]+\/use-[^/]+\.tsx?$/.test(f.split('\\').join('/')));
    expect(hooks.length).toBeGreaterThan(10);
    const over = hooks.map((f) => ({ file: f, lines: linesOf(f) })).filter((x) => x.lines > 160);
    expect(over).toEqual([]);
  });
});
