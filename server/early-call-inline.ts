/**
 * The page load's early calls go INTO index.html at build time, as an inline script: they then leave
 * while the HTML is parsed — before the app's module code is even fetched, with no request of
 * their own. The script is not written by hand: it is src/api/early-call.ts bundled on its own
 * (rolldown, tree-shaken to erp-call.ts `startPageCalls`, the registry and the contract's
 * `firstCallsOf` — ≈ 2 KB), so the calls, their parameters and keys are the app's own. The dev
 * server loads the same file as a module. The production server allows exactly the inline scripts
 * of index.html by their SHA-256 in its Content-Security-Policy (inlineScriptHashes).
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import type { IndexHtmlTransformContext, Plugin } from 'vite';
import { SIGNED_IN_COOKIE } from '../src/contract/erp';
import { PAGES, pathPattern } from '../src/contract/pages';

const ENTRY = fileURLToPath(new URL('../src/api/early-call.ts', import.meta.url));
const TAG = /<script type="module" src="\/src\/api\/early-call\.ts"><\/script>/;

/** src/api/early-call.ts as one plain script (an IIFE, minified, no imports left). */
export async function earlyCallScript(): Promise<string> {
  const result = await build({
    input: ENTRY,
    write: false,
    platform: 'browser',
    logLevel: 'silent',
    // Only what startPageCalls reaches is kept: the app's client, reader and messages never get in.
    treeshake: { moduleSideEffects: false },
    output: { format: 'iife', minify: true },
  });
  const chunk = result.output[0];
  return chunk.code.trim().replace(/<\/script/gi, '<\\/script');
}

/** Vite plugin (build only): replaces index.html's early-call module tag with the bundled script, inline. */
export function inlineEarlyCall(): Plugin {
  return {
    name: 'inline-early-call',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      async handler(html) {
        if (!TAG.test(html)) throw new Error('index.html: the early-call.ts tag to inline was not found');
        const source = await earlyCallScript();
        return html.replace(TAG, () => `<script>${source}</script>`);
      },
    },
  };
}

/** CSP source expressions ('sha256-…') of the inline scripts of an HTML page (scripts without src). */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(m[1] ?? '')) continue;
    hashes.push(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return hashes;
}

/** The module whose code reads a page load's first calls (the route loaders import it: src/app/routes.tsx). */
export const FIRST_QUERIES = '/src/api/first-queries.ts';
/** The signed-in pages' frame (routes.tsx: the lazy layout route every page sits in). */
export const APP_SHELL = '/src/app/app-shell.tsx';
/**
 * The page a path opens, for the pages people open directly (the page table's `preload` entries: a
 * bookmark, a link in an e-mail, a reload) — path pattern → module file. Its code is fetched with the
 * HTML instead of after the app has started.
 */
export const PAGE_MODULES: readonly (readonly [pattern: string, module: string])[] = PAGES.filter((p) => p.preload).map(
  (p) => [pathPattern(p.path), `/src/${p.module}.tsx`] as const,
);

type Ctx = Pick<IndexHtmlTransformContext, 'bundle' | 'chunk'>;
interface ChunkInfo {
  fileName: string;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds?: readonly string[];
  viteMetadata?: { importedCss?: Set<string> };
}

/**
 * The files (JS, then the CSS they bring) of `module`'s chunk and every chunk it imports, less what
 * the entry loads anyway (its own static imports) and `skip`.
 */
export function chunkFiles(ctx: Ctx, module: string, skip: readonly string[] = []): string[] {
  const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c as unknown as ChunkInfo] : []));
  const isIt = (id: string | null | undefined) => !!id && id.replace(/\\/g, '/').endsWith(module);
  // A module the build grouped with others (server/chunking.ts) is no chunk's facade: its chunk holds it.
  const start = chunks.find((c) => isIt(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds?.some(isIt));
  if (!start) return [];
  const loaded = new Set([ctx.chunk?.fileName, ...(ctx.chunk?.imports ?? []), ...skip]);
  const js: string[] = [];
  const css: string[] = [];
  const visit = (fileName: string) => {
    if (loaded.has(fileName) || js.includes(fileName)) return;
    js.push(fileName);
    const c = chunks.find((x) => x.fileName === fileName);
    for (const f of c?.viteMetadata?.importedCss ?? []) if (!loaded.has(f) && !css.includes(f)) css.push(f);
    for (const dep of c?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
  return [...js, ...css];
}

/** What a signed-in page load needs before it can read its first calls: FIRST_QUERIES' files. */
export const firstQueriesFiles = (ctx: Ctx): string[] => chunkFiles(ctx, FIRST_QUERIES);

/**
 * The code a signed-in page load needs, fetched while the HTML is parsed: an inline script adds a
 * `<link rel="modulepreload">` per file (CSS: the page's own `<link rel="stylesheet" crossorigin>`, the link
 * Vite's loader would add later and then finds there) of the code that reads the
 * early calls (firstQueriesFiles), the signed-in frame (app-shell) and the page the path opens
 * (PAGE_MODULES) — only in a browser that is signed in (the same hint the early calls go by), so
 * /login loads none of it. Without it that code is asked for only once the app's entry has run and
 * its session check has come back, and a deep link's first rows wait for it.
 */
export function preloadFirstQueries(): Plugin {
  return {
    name: 'preload-first-queries',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const common = [...firstQueriesFiles(ctx)];
        common.push(...chunkFiles(ctx, APP_SHELL, common));
        const pages = PAGE_MODULES.map(([pattern, module]) => [pattern, chunkFiles(ctx, module, common).map((f) => `/${f}`)] as const).filter(
          ([, files]) => files.length > 0,
        );
        if (common.length === 0 && pages.length === 0) return html;
        const code =
          `(function(f,r){if(!document.cookie.split(/;\\s*/).includes(${JSON.stringify(`${SIGNED_IN_COOKIE}=1`)}))return;` +
          `var p=location.pathname.replace(/\\/+$/,"")||"/";for(var i=0;i<r.length;i++)if(new RegExp(r[i][0]).test(p)){f=f.concat(r[i][1]);break}` +
          `f.forEach(function(h){var l=document.createElement("link");if(/\\.css$/.test(h)){l.rel="stylesheet";l.crossOrigin=""}else l.rel="modulepreload";l.href=h;document.head.appendChild(l)})})` +
          `(${JSON.stringify(common.map((f) => `/${f}`))},${JSON.stringify(pages)})`;
        // Before the entry's module script and the stylesheet links: an inline script placed after a
        // stylesheet waits until that stylesheet has loaded, and the page's code would be asked for
        // only then (≈ 100 ms later on a deep link).
        const at = html.search(/<script type="module"/);
        if (at < 0) throw new Error('index.html: the entry module script was not found');
        return `${html.slice(0, at)}<script>${code}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/** What index.html asks for before a signed-in page's code runs (pagePreloadsOf). */
export interface PagePreloads {
  /** The entry's own files: its module script, modulepreload and stylesheet links (/assets/…). */
  entry: string[];
  /** The preload script's list for every signed-in page. */
  common: string[];
  /** The preload script's list per page: path pattern → files. */
  pages: (readonly [pattern: string, files: string[]])[];
}

/**
 * The lists a built index.html loads, read back from it: the entry's tags and the arguments of the
 * preload script preloadFirstQueries writes (empty lists when it has none) — what a page opened by
 * its URL loads (the build's file-count test). Sending them as `Link` headers with the HTML was
 * tried and measured no faster: the bench's pages find these files in the browser's cache.
 */
export function pagePreloadsOf(html: string): PagePreloads {
  const entry: string[] = [];
  for (const m of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attrs = m[2] ?? '';
    const url = /\s(?:src|href)="(\/assets\/[^"]+)"/.exec(attrs)?.[1];
    if (!url) continue;
    const isModule = m[1]!.toLowerCase() === 'script' ? /\stype="module"/.test(attrs) : /\srel="(?:modulepreload|stylesheet)"/.test(attrs);
    if (isModule && !entry.includes(url)) entry.push(url);
  }
  const script = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '').find((code) => code.startsWith('(function(f,r){'));
  const lists = script ? /\}\)\((\[[^\]]*\]),(\[.*\])\)$/.exec(script) : null;
  if (!lists) return { entry, common: [], pages: [] };
  return { entry, common: JSON.parse(lists[1]!) as string[], pages: JSON.parse(lists[2]!) as [string, string[]][] };
}
