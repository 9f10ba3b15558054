import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { erpGateway } from './server/gateway/vite-plugin';
import { inlineEarlyCall, preloadFirstQueries } from './server/early-call-inline';
import { precompressDist } from './server/precompress';
import { chunkPlan } from './server/chunking';

// The dev server listens on 127.0.0.1 unless told otherwise (HOST=0.0.0.0 or --host).
// /api/* is answered by the gateway (server/gateway), which adds the ERP password server-side.
// With no ERP_BASE_URL the gateway plugin starts the embedded demo ERP on a free loopback port.
export default defineConfig({
  // chunkPlan: /login's code in one chunk, the signed-in pages' shared code in another (server/chunking.ts).
  // precompressDist: dist/ gets brotli/gzip copies of each text file, served as they are by `npm start`.
  plugins: [react(), erpGateway(), inlineEarlyCall(), preloadFirstQueries(), precompressDist(), chunkPlan()],
  server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT) || 5173 },
  preview: { host: '127.0.0.1' },
  build: { target: 'es2022', sourcemap: false },
  // Loaded only on a click ("PDF indir"): optimized up front, or the dev server finds them at that
  // click, re-bundles and reloads the page (the click is lost).
  optimizeDeps: { include: ['pdfmake/build/pdfmake', 'pdfmake/build/vfs_fonts'] },
});
