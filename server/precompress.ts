/**
 * Brotli (quality 11) and gzip (level 9) copies of the built front-end, written once next to each
 * file (`index-Ab12.js.br`, `index-Ab12.js.gz`) so that the production server (Hono's serveStatic
 * with `precompressed`) sends them as they are, spending no CPU per request.
 * `npm run build` writes them (the `precompressDist` Vite plugin); the production server calls
 * `precompressDir` again at start-up, which only fills in what is missing or older than its source
 * (a dist/ copied without them, a file replaced by hand). Writes go to a temporary name and are
 * renamed, so a half-written copy is never served.
 */
import { readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text-like files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.webmanifest', '.svg', '.txt', '.map', '.ico']);
/** Below this a compressed copy saves nothing worth a header. */
const MIN_BYTES = 256;

const ENCODERS = {
  '.br': (b: Buffer) => brotliAsync(b, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: b.byteLength } }),
  '.gz': (b: Buffer) => gzipAsync(b, { level: 9 }),
} as const;

async function mtimeOf(path: string): Promise<number | null> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return null;
  }
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

/** Writes the missing or stale .br/.gz copies under `dir`; returns how many copies it wrote. */
export async function precompressDir(dir: string): Promise<number> {
  const work: Promise<boolean>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    const info = await stat(file);
    if (info.size < MIN_BYTES) continue;
    for (const [suffix, encode] of Object.entries(ENCODERS)) {
      work.push(
        (async () => {
          const copy = file + suffix;
          const copied = await mtimeOf(copy);
          if (copied !== null && copied >= info.mtimeMs) return false;
          const tmp = `${copy}.${process.pid}.tmp`;
          await writeFile(tmp, await encode(await readFile(file)));
          await rename(tmp, copy);
          return true;
        })(),
      );
    }
  }
  return (await Promise.all(work)).filter(Boolean).length;
}

/** Vite plugin: after `vite build` has written dist/, the compressed copies are written beside it. */
export function precompressDist(): Plugin {
  let outDir = 'dist';
  let write = true;
  return {
    name: 'cari-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
      write = config.build.write;
    },
    async closeBundle() {
      // A build kept in memory (build.write false: tests/structure/bundle-files.test.ts) wrote nothing to copy.
      if (write) await precompressDir(outDir);
    },
  };
}
