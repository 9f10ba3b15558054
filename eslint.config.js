import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { layerZones, DOMAIN_BANNED_IMPORTS } from './eslint.layers.js';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Browser code never imports Node-only server code.
const SERVER_PATTERN = { group: ['**/server/**', 'node:*'], message: 'src/ is browser code: it must not import server/ or Node modules.' };
// Pages read and change their search params through src/lib/search-params.ts (useUrlParams): its setter
// builds on the URL as it is now, React Router's on the URL of the page's last render.
const SEARCH_PARAMS_PATH = {
  name: 'react-router-dom',
  importNames: ['useSearchParams'],
  message: 'Use useUrlParams from src/lib/search-params.ts: its updater starts from the current URL, not the last render’s.',
};
// One folder per feature (src/features/<x>/); eslint.layers.js keeps each feature out of the others.
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
// import-x reads our TypeScript files with the TypeScript parser and resolves specifiers the way Vite does.
const IMPORT_X_SETTINGS = {
  'import-x/extensions': ['.ts', '.tsx', '.js'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
};

export default tseslint.config(
  {
    ignores: ['.scratch', 'bench/.tmp', 'dist', 'dist-server', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'screenshots', 'bench/screens'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_PATTERN], paths: [SEARCH_PARAMS_PATH] }],
      // A link built from the render's params drops a change made just before the click: ParamLink.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='to'] CallExpression[callee.name='withParams']",
          message: 'A link that changes search params is a ParamLink (src/components/param-link.tsx): its click builds on the current URL.',
        },
      ],
    },
  },
  {
    // The one place that wraps React Router's useSearchParams.
    files: ['src/lib/search-params.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [SERVER_PATTERN] }],
    },
  },
  // Layers (docs/architecture.md): app → features → components → api / lib / i18n → domain / contract;
  // server → domain / contract. The zones list who may not import whom (eslint.layers.js).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones(FEATURES) }],
    },
  },
  // No import cycle anywhere (static, type-only and dynamic imports all count).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: IMPORT_X_SETTINGS,
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // src/domain is pure TypeScript both the browser and the server run: no React, no table or query library, no Node.
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: DOMAIN_BANNED_IMPORTS }],
    },
  },
);
