import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
export default defineConfig({
  root: '/work/main',
  plugins: [react()],
  resolve: { alias: [{ find: /^react-router$/, replacement: '/work/main/node_modules/react-router/dist/production/index.mjs' }, { find: /^react-router\/dom$/, replacement: '/work/main/node_modules/react-router/dist/production/dom-export.mjs' }] },
  build: { target: 'es2022', sourcemap: false },
});
