/**
 * Builds the app with Vite into a scratch directory (so dist/ of a running server is never touched)
 * and measures it: gzip size per emitted file and the gzip cost of each dependency (Node only).
 *
 * The gzip cost of a dependency is an estimate (gzip is not additive): each chunk's real gzip -9
 * size split among its packages by their share of the chunk's code. Totals are measured on the
 * real files.
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
  /** package (or "app: src/<dir>") → estimated { raw (minified), gzip } bytes it adds to the build. */
  dependencies: { name: string; raw: number; gzip: number; chunks: string[] }[];
  /** '/assets/x.js' → packages in it with their pre-minification code size. */
  chunkModules: Map<string, { name: string; raw: number }[]>;
  buildMs: number;
}

export const gzipSize = (buf: Buffer | string): number => gzipSync(buf, { level: 9 }).byteLength;

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (!/\.(br|gz)$/.test(name)) out.push(full); // not the precompressed copies (server/precompress.ts)
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
  const rel = relative(root, id.split('?')[0] ?? id)
    .split(sep)
    .join('/');
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
  // mode "bench": the production build plus the bench's one switch (the non-virtualized baseline,
  // src/components/data-table/use-virtual-rows.ts benchNoVirtual); `npm run build` leaves it out.
  const result = await build({ root, mode: 'bench', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
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

  // Each emitted chunk's real gzip size is split among the packages in it by their share of the
  // chunk's (pre-minification) code: an estimate, since minification and gzip are not uniform.
  const groups = new Map<string, { raw: number; gzip: number; chunks: Set<string> }>();
  const chunkModules = new Map<string, { name: string; raw: number }[]>();
  for (const out of outputs) {
    for (const item of out.output ?? []) {
      if (item.type !== 'chunk' || !item.modules) continue;
      const url = '/' + item.fileName;
      const parts = new Map<string, number>();
      for (const [id, mod] of Object.entries(item.modules)) {
        const len = mod.code ? Buffer.byteLength(mod.code) : mod.renderedLength;
        if (!len) continue;
        const name = ownerOf(id, root);
        parts.set(name, (parts.get(name) ?? 0) + len);
      }
      const total = [...parts.values()].reduce((a, b) => a + b, 0) || 1;
      const chunkGzip = gzipByUrl.get(url) ?? 0;
      const chunkRaw = rawByUrl.get(url) ?? 0;
      chunkModules.set(
        url,
        [...parts.entries()].map(([name, raw]) => ({ name, raw })).sort((a, b) => b.raw - a.raw),
      );
      for (const [name, len] of parts) {
        let g = groups.get(name);
        if (!g) groups.set(name, (g = { raw: 0, gzip: 0, chunks: new Set() }));
        g.raw += (chunkRaw * len) / total;
        g.gzip += (chunkGzip * len) / total;
        g.chunks.add(item.fileName.replace(/^assets\//, ''));
      }
    }
  }
  const dependencies = [...groups.entries()]
    .map(([name, g]) => ({ name, raw: g.raw, gzip: g.gzip, chunks: [...g.chunks].sort() }))
    .sort((a, b) => b.gzip - a.gzip);
  return { outDir, gzipByUrl, rawByUrl, dependencies, chunkModules, buildMs };
}
