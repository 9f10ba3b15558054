/**
 * Builds the bench's reference list (bench/reference/) into the bench's scratch dist, beside the app,
 * so the production server of the run serves it at /bench/reference/index.html on the same origin
 * (the same session, the same get_cari). Its own Vite build: nothing of it enters the app's bundle.
 */
import { join } from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

export const REFERENCE_PATH = '/bench/reference/index.html';

export async function buildReference(root: string, outDir: string): Promise<void> {
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [react()],
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      // Hashed names of their own: the app's files in the same assets/ stay as they are.
      rollupOptions: {
        input: join(root, 'bench/reference/index.html'),
        output: {
          entryFileNames: 'assets/reference-[hash].js',
          chunkFileNames: 'assets/reference-[name]-[hash].js',
          assetFileNames: 'assets/reference-[name]-[hash][extname]',
        },
      },
    },
  });
}
