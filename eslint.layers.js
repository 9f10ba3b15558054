// Who may not import whom (import-x/no-restricted-paths zones). Read by eslint.config.js and
// by tests/structure/layers.test.ts, which shows each rule failing on a small snippet.
//
//   src/app → src/features → src/components → src/api, src/lib, src/i18n → src/domain, src/contract
//   server/ → src/domain, src/contract (never a page, a feature, a component or browser plumbing)
//
// A feature never imports another feature: what two features share moves down a layer.

const ABOVE_COMPONENTS = ['./src/app', './src/features'];
const ABOVE_BROWSER_LIB = [...ABOVE_COMPONENTS, './src/components'];

/** @param {string[]} features the folder names under src/features */
export function layerZones(features) {
  return [
    { target: './src/features', from: './src/app', message: 'A feature must not import src/app (the app imports the features).' },
    ...features.map((f) => ({
      target: `./src/features/${f}`,
      from: './src/features',
      except: [`./${f}`],
      message: `src/features/${f} must not import another feature: move what both need to src/components or src/domain.`,
    })),
    { target: './src/components', from: ABOVE_COMPONENTS, message: 'src/components sits below the pages: it must not import src/app or src/features.' },
    ...['./src/api', './src/lib', './src/i18n'].map((target) => ({
      target,
      from: ABOVE_BROWSER_LIB,
      message: `${target.slice(2)} sits below the components and pages: it must not import src/app, src/features or src/components.`,
    })),
    {
      target: './src/domain',
      from: [...ABOVE_BROWSER_LIB, './src/api', './src/lib', './src/server'],
      message: 'src/domain imports nothing above it (only src/domain and src/contract).',
    },
    {
      target: './src/contract',
      from: ['./src/app', './src/features', './src/components', './src/api', './src/lib', './src/domain'],
      message: 'src/contract is the bottom layer: it imports nothing of ours.',
    },
    {
      target: './server',
      from: [...ABOVE_BROWSER_LIB],
      message: 'server/ imports src/domain and src/contract only, never a page, a feature or a component.',
    },
  ];
}

/** Bare imports src/domain must not use: it runs in the browser and in Node alike. */
export const DOMAIN_BANNED_IMPORTS = [
  { group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router-dom'], message: 'src/domain is pure TypeScript: no React.' },
  { group: ['@tanstack/*', 'ky'], message: 'src/domain is pure TypeScript: no table, query or HTTP library.' },
  {
    group: ['node:*', 'fs', 'path', 'os', 'crypto', 'http', 'https', 'stream', 'url', 'worker_threads'],
    message: 'src/domain runs in the browser too: no Node modules.',
  },
  { group: ['**/server/**'], message: 'src/domain must not import server/.' },
];
