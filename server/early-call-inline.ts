/**
 * public/early-call.js goes INTO index.html at build time (an inline script): it then runs while
 * the HTML is parsed — before the app's module code is even evaluated, with no request of its own
 * (as a file it had to be revalidated on every page load and, loaded async, often ran only after
 * the app's 365 KB module had been evaluated, ~0.1–0.2 s later). The production server allows
 * exactly these inline scripts by their SHA-256 in its Content-Security-Policy (inlineScriptHashes).
 * The source stays public/early-call.js (tests/structure/early-call.test.ts runs it).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

const TAG = /<script src="\/early-call\.js" async><\/script>/;

/** Vite plugin (build only): replaces index.html's early-call.js tag with the script itself. */
export function inlineEarlyCall(file = new URL('../public/early-call.js', import.meta.url)): Plugin {
  return {
    name: 'inline-early-call',
    apply: 'build',
    transformIndexHtml(html) {
      if (!TAG.test(html)) throw new Error('index.html: the early-call.js tag to inline was not found');
      const source = readFileSync(file, 'utf8').replace(/<\/script/gi, '<\\/script');
      return html.replace(TAG, () => `<script>${source}</script>`);
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
