/**
 * Builds the app with Vite into a scratch directory (so dist/ of a running server is never touched)
 * and measures it: gzip size per emitted file and the gzip cost of each dependency (Node only).
 *
 * The gzip cost of a dependency = gzip -9 of the code the bundler kept of that package, summed over
 * all chunks (gzip is not additive, so per-package numbers are an estimate that slightly overstates:
 * shared dictionary effects inside a chunk are lost). Totals are always measured on the real files.
 */
import { gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { build } from 'vite';

export interface BuiltApp {
  outDir: string;
  /** '/assets/x.js' → gzip -9 bytes. */
  gzipByUrl: Map<string, number>;
  rawByUrl: Map<string, number>;
  /** package (or "app: src/<dir>") → { raw, gzip } bytes of kept code. */
  dependencies: { name: string; raw: number; gzip: number; chunks: string[] }[];
  buildMs: number;
}

export const gzipSize = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).byteLength;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else out.push(full);
  }
  return out;
}

/** "…/node_modules/@tanstack/react-table/dist/…" → "@tanstack/react-table"; app code → "app: src/<dir>". */
export function ownerOf(moduleId: string, root: string): string {
  const id = moduleId.replace(/\\/g, '/').replace(/^\0/, '');
  const nm = id.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const parts = id.slice(nm + '/node_modules/'.length).split('/');
    return parts[0]?.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? id);
  }
  const rel = relative(root, id.split('?')[0] ?? id).split(sep).join('/');
  if (rel.startsWith('src/')) {
    const parts = rel.split('/');
    return `app: ${parts.length > 2 ? `src/${parts[1]}` : rel}`;
  }
  return rel.startsWith('..') || id.startsWith('vite/') || id.includes('rolldown') ? 'bundler runtime' : `app: ${rel}`;
}

interface ChunkLike {
  type: 'chunk' | 'asset';
  fileName: string;
  modules?: Record<string, { code: string | null; renderedLength: number }>;
}

export async function buildApp(root: string, outDir: string): Promise<BuiltApp> {
  const t0 = performance.now();
  const result = await build({ root, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const buildMs = performance.now() - t0;
  const outputs = (Array.isArray(result) ? result : [result]) as { output?: ChunkLike[] }[];

  const gzipByUrl = new Map<string, number>();
  const rawByUrl = new Map<string, number>();
  for (const file of walk(outDir)) {
    const url = '/' + relative(outDir, file).split(sep).join('/');
    const body = readFileSync(file);
    rawByUrl.set(url, body.byteLength);
    gzipByUrl.set(url, gzipSize(body));
  }

  const groups = new Map<string, { code: string[]; chunks: Set<string> }>();
  for (const out of outputs) {
    for (const item of out.output ?? []) {
      if (item.type !== 'chunk' || !item.modules) continue;
      for (const [id, mod] of Object.entries(item.modules)) {
        if (!mod.code) continue;
        const name = ownerOf(id, root);
        let g = groups.get(name);
        if (!g) groups.set(name, (g = { code: [], chunks: new Set() }));
        g.code.push(mod.code);
        g.chunks.add(item.fileName.replace(/^assets\//, ''));
      }
    }
  }
  const dependencies = [...groups.entries()]
    .map(([name, g]) => {
      const code = g.code.join('\n');
      return { name, raw: Buffer.byteLength(code), gzip: gzipSize(code), chunks: [...g.chunks].sort() };
    })
    .sort((a, b) => b.gzip - a.gzip);
  return { outDir, gzipByUrl, rawByUrl, dependencies, buildMs };
}
