/**
 * The files a page load asks for, in the production build (server/chunking.ts, decision 0010): /login
 * few and small (bench: bundle.firstScreenGzipKB ≤ 130 KB), a signed-in page opened by URL few as
 * well — on a 2-core machine each file costs the browser, the renderer and the server. The build is
 * kept in memory (a few seconds: no files written, no compressed copies).
 */
import { gzipSync } from 'node:zlib';
import { resolve } from 'node:path';
import { build, type Rolldown } from 'vite';
import { pagePreloadsOf } from '../../server/early-call-inline';

const ROOT = resolve(import.meta.dirname, '../..');

let html = '';
const gzipOf = new Map<string, number>();

beforeAll(async () => {
  // Vitest runs with NODE_ENV=test, which Vite would build React's development code with.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let result: Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  try {
    result = (await build({ root: ROOT, mode: 'production', logLevel: 'silent', build: { write: false } })) as typeof result;
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  for (const out of Array.isArray(result) ? result : [result]) {
    for (const item of out.output) {
      const body = item.type === 'chunk' ? item.code : item.source;
      if (item.fileName === 'index.html') html = String(body);
      else gzipOf.set(`/${item.fileName}`, gzipSync(body, { level: 9 }).byteLength);
    }
  }
}, 120_000);

/** index.html's own script and link tags: what every page load fetches (/login: all it fetches). */
const staticFiles = () => pagePreloadsOf(html).entry;

/** A signed-in load of `path`: the tags, the preload script's list for every page and its list for `path`. */
function signedInFiles(path: string): string[] {
  const { entry, common, pages } = pagePreloadsOf(html);
  const own = pages.find(([re]) => new RegExp(re).test(path))?.[1] ?? [];
  return [...new Set([...entry, ...common, ...own])];
}

const kb = (files: string[]) => files.reduce((s, f) => s + (gzipOf.get(f) ?? NaN), 0) / 1024;

describe('the files a page load fetches (production build)', () => {
  it('/login: at most 4 JS/CSS files, at most 130 KB gzip -9', () => {
    const files = staticFiles();
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(4);
    expect(kb(files)).toBeLessThanOrEqual(130);
  });

  it.each(['/', '/accounts', '/accounts/1000', '/tahsilat', '/aging'])('signed in, %s opened by URL: at most 12 JS/CSS files, each one known to the build', (path) => {
    const files = signedInFiles(path);
    expect(files.length).toBeLessThanOrEqual(12);
    // More than /login's: the signed-in code and the page's own (a page with nothing listed would pass the count).
    expect(files.length).toBeGreaterThan(staticFiles().length + 1);
    expect(Number.isFinite(kb(files))).toBe(true);
  });
});
