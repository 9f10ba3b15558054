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
    hashes.push(`'sha256-${createHash('sha256').update(m[2] ?? '', 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/** The module whose code reads a page load's first calls (the route loaders import it: src/app/routes.tsx). */
const FIRST_QUERIES = '/src/api/first-queries.ts';

/**
 * The files of FIRST_QUERIES' chunk and every chunk it imports, less what the entry loads anyway
 * (its own static imports): what a signed-in page load needs before it can read its first calls.
 */
export function firstQueriesFiles(ctx: Pick<IndexHtmlTransformContext, 'bundle' | 'chunk'>): string[] {
  const chunks = Object.values(ctx.bundle ?? {}).flatMap((c) => (c.type === 'chunk' ? [c] : []));
  const start = chunks.find((c) => c.facadeModuleId?.replace(/\\/g, '/').endsWith(FIRST_QUERIES));
  if (!start) return [];
  const loaded = new Set([ctx.chunk?.fileName, ...(ctx.chunk?.imports ?? [])]);
  const files: string[] = [];
  const visit = (fileName: string) => {
    if (loaded.has(fileName) || files.includes(fileName)) return;
    files.push(fileName);
    for (const dep of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(dep);
  };
  visit(start.fileName);
  return files;
}

/**
 * The code that reads the early calls, fetched while the HTML is parsed: an inline script adds a
 * `<link rel="modulepreload">` per file of firstQueriesFiles — only in a browser that is signed in
 * (the same hint the early calls go by), so /login loads none of it. Without it the route loader
 * asks for that code only once the app's entry has run, and a deep link's first rows wait for it.
 */
export function preloadFirstQueries(): Plugin {
  return {
    name: 'preload-first-queries',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = firstQueriesFiles(ctx);
        if (files.length === 0) return [];
        const hrefs = JSON.stringify(files.map((f) => `/${f}`));
        const code = `document.cookie.split(/;\\s*/).includes(${JSON.stringify(`${SIGNED_IN_COOKIE}=1`)})&&${hrefs}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)})`;
        return [{ tag: 'script', children: code, injectTo: 'head' }];
      },
    },
  };
}
