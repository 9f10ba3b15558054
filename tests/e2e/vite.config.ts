// The dev server config for the e2e runs: the project's vite.config.ts with a cache directory of
// its own per run, so the dependency optimizer never races other dev servers in the same tree
// (which shows up in the browser as "504 Outdated Optimize Dep").
import { mergeConfig } from 'vite';
import base from '../../vite.config';

export default mergeConfig(base, {
  cacheDir: `node_modules/.vite-e2e/${process.env.E2E_MODE ?? 'dev'}`,
});
