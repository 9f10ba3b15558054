import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

// Browser code never imports Node-only server code.
const SERVER_PATTERN = { group: ['**/server/**', 'node:*'], message: 'src/ is browser code: it must not import server/ or Node modules.' };
// One folder per feature (src/features/<x>/): a feature imports src/lib, src/api, src/components,
// src/i18n — never another feature, nor src/app (the app imports the features).
const FEATURES = readdirSync(join(import.meta.dirname, 'src/features'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const esc = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default tseslint.config(
  { ignores: ['bench/.tmp', 'dist', 'dist-server', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'screenshots', 'bench/screens'] },
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
      'no-restricted-imports': ['error', { patterns: [SERVER_PATTERN] }],
    },
  },
  // Later blocks replace the rule's options for their files, so each repeats SERVER_PATTERN.
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            SERVER_PATTERN,
            {
              // "../<other>/…" (a sibling feature) or "…/features/<other>/…"
              regex: `^(?:\\.\\./(?!${esc(feature)}/)[^./][^/]*/|.*/features/(?!${esc(feature)}/))`,
              message: `src/features/${feature} must not import another feature: move what both need to src/lib or src/components.`,
            },
            { regex: '^(?:\\.\\./)+app(?:/|$)', message: 'A feature must not import src/app (the app imports the features).' },
          ],
        },
      ],
    },
  })),
);
