import { defineConfig } from 'vite';

// The production server compiled to plain JavaScript (`npm run build` → dist-server/, run by
// `npm start` with node, no TypeScript loader at run time). Our own modules (server/ and the few
// src/ modules it shares with the browser) are bundled; packages stay imports from node_modules.
export default defineConfig({
  publicDir: false,
  build: {
    ssr: true,
    outDir: 'dist-server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    rollupOptions: {
      // pdf-worker: the mutabakat letters' PDFs are made in a worker thread (server/mutabakat/pdf-pool.ts).
      // overview-worker: Özet's aging is read in a thread of its own (server/gateway/overview-thread.ts).
      // pglite-worker: the embedded database runs in a thread of its own (server/db/pglite-thread.ts).
      input: {
        prod: 'server/prod.ts',
        'pdf-worker': 'server/mutabakat/pdf-worker.ts',
        'overview-worker': 'server/gateway/overview-worker.ts',
        'pglite-worker': 'server/db/pglite-worker.ts',
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
