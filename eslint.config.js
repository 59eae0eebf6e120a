import js from '@eslint/js';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = path.dirname(fileURLToPath(import.meta.url));
const webSrc = path.join(root, 'apps/web/src');
const apiSrc = path.join(root, 'apps/api/src');
const apiTest = path.join(root, 'apps/api/test');
/** Every web feature folder, so a new feature is fenced off from the others without a line here. */
const webFeatures = readdirSync(path.join(webSrc, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    'data/',
    'coverage/',
    'apps/api/src/db/migrations/',
  ]),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The web app's layers (bulletproof-react): pages in app/routes compose features; a feature
    // never imports another feature nor a page; components/ and lib/ are shared by all and import
    // neither. Imports are resolved (the `@/` alias included), so a relative path cannot slip by.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js'],
          alias: { '@': [webSrc] },
        }),
      ],
    },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `${webSrc}/features/${feature}`,
              from: `${webSrc}/features`,
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: move what several share to components/ or lib/, and compose features in a page (app/routes).',
            })),
            {
              target: `${webSrc}/features`,
              from: `${webSrc}/app`,
              message: 'A feature never imports a page nor the app frame (app/).',
            },
            {
              target: [`${webSrc}/components`, `${webSrc}/lib`],
              from: [`${webSrc}/features`, `${webSrc}/app`],
              message:
                'components/ and lib/ are shared by every feature: they import no feature and nothing of app/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's layers (docs/ARCHITECTURE.md): db, lib and engine sit below the HTTP modules; the
    // engine drives runtimes and never reaches back into a module, the HTTP plumbing or the app
    // that wires them; lib is plain helpers with no database. Production code never imports
    // test doubles (they live under apps/api/test). Test files are the composition root of their
    // unit and may import anything.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-unresolved': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: `${apiSrc}/engine`,
              from: [
                `${apiSrc}/modules`,
                `${apiSrc}/http`,
                `${apiSrc}/app.ts`,
                `${apiSrc}/app-context.ts`,
                `${apiSrc}/config.ts`,
                `${apiSrc}/config-env.ts`,
                `${apiSrc}/secrets.ts`,
                `${apiSrc}/startup`,
              ],
              message:
                'The engine sits below the HTTP modules and the configuration: move what it needs down (engine/, db/, lib/) and let modules import it; the engine takes its settings as options (startup/ wires them from the config).',
            },
            {
              target: `${apiSrc}/http`,
              from: `${apiSrc}/modules`,
              message:
                'http/ is plumbing shared by every module: a module provides what http/ needs through the app context.',
            },
            {
              target: `${apiSrc}/lib`,
              from: `${apiSrc}/db`,
              message:
                'lib/ holds plain helpers: code that reads the database belongs in db/ or a module.',
            },
            {
              target: apiSrc,
              from: apiTest,
              message:
                'Production code never imports test code: test doubles live under apps/api/test.',
            },
          ],
        },
      ],
    },
  },
  {
    // Zero import cycles in the API (type-only imports do not count: they vanish at runtime).
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
