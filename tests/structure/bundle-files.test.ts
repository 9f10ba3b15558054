/**
 * The files a page load asks for, in the production build (server/chunking.ts, decision 0010): /login
 * few and small (bench: bundle.firstScreenGzipKB ≤ 130 KB), a signed-in page opened by URL few as
 * well — on a 2-core machine each file costs the browser, the renderer and the server.
 * Reads a build on disk (BUNDLE_DIST, e.g. dist/ after `npm run build`): `npm run test:e2e` runs this
 * file over the build its prod run serves, so `npm test` does not build the bundle a second time
 * (docs/decisions/0005). Without BUNDLE_DIST, vitest.config.ts leaves this file out.
 */
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { pagePreloadsOf } from '../../server/early-call-inline';

const DIST = resolve(import.meta.dirname, '../..', process.env.BUNDLE_DIST ?? 'dist');

let html = '';
const gzipOf = new Map<string, number>();

beforeAll(() => {
  html = readFileSync(join(DIST, 'index.html'), 'utf8');
  for (const e of readdirSync(DIST, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || /\.(gz|br)$/.test(e.name)) continue;
    const path = join(e.parentPath, e.name);
    gzipOf.set(`/${relative(DIST, path).split('\\').join('/')}`, gzipSync(readFileSync(path), { level: 9 }).byteLength);
  }
});

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

  it.each(['/', '/accounts', '/accounts/1000', '/tahsilat', '/aging'])(
    'signed in, %s opened by URL: at most 12 JS/CSS files, each one known to the build',
    (path) => {
      const files = signedInFiles(path);
      expect(files.length).toBeLessThanOrEqual(12);
      // More than /login's: the signed-in code and the page's own (a page with nothing listed would pass the count).
      expect(files.length).toBeGreaterThan(staticFiles().length + 1);
      expect(Number.isFinite(kb(files))).toBe(true);
    },
  );
});
