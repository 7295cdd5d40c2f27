import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import importXPlugin from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const at = (...segments) => path.join(root, ...segments);

/** The web app's features, one folder each: every one gets its own "only through index.ts" zone below. */
const webFeatures = fs
  .readdirSync(at('web/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * The web features from the bottom up: a feature may import only features listed before it, so no two features
 * depend on each other (a cycle such as wallets ↔ send-receive cannot come back). A new feature goes in its place here.
 */
const FEATURE_LAYERS = [
  'auth',
  'contact',
  'contacts',
  'legal',
  'prices',
  'qr-scanner',
  'preferences',
  'transactions',
  'account',
  'alerts',
  'explorer',
  'insights',
  'payment-requests',
  'wallets',
  'send-receive',
];
const unlayered = webFeatures.filter((feature) => !FEATURE_LAYERS.includes(feature));
if (unlayered.length > 0) throw new Error(`eslint.config.js: add ${unlayered.join(', ')} to FEATURE_LAYERS, above the features it imports`);

/** One zone per feature: it must not import the features layered above it. */
const featureLayerZones = FEATURE_LAYERS.slice(0, -1).map((feature, index) => ({
  target: `web/src/features/${feature}`,
  from: FEATURE_LAYERS.slice(index + 1).map((above) => `web/src/features/${above}`),
  message:
    `features/${feature} must not import a feature layered above it (FEATURE_LAYERS in eslint.config.js), or two ` +
    'features would depend on each other. Pass what it needs in from the page or app/ that composes both, or move ' +
    'the shared piece down into lib/ or components/.',
}));

/**
 * Who may import whom. Paths are relative to the repository root; `except` globs are absolute.
 * Every message says what to do instead, since the one reading it is about to write that import.
 */
const boundaryZones = [
  // ---- web ----
  {
    target: ['web/src/lib', 'web/src/components'],
    from: ['web/src/features', 'web/src/pages', 'web/src/app'],
    message:
      'lib/ and components/ are shared by every feature and must not import features/, pages/ or app/. ' +
      'Move the piece you need down into lib/ or components/, or pass it in as a prop or argument.',
  },
  {
    target: 'web/src/features',
    from: ['web/src/pages', 'web/src/app'],
    message: 'A feature must not import pages/ or app/: app/ and pages/ compose features, not the reverse.',
  },
  // Importing through index.ts costs the first load nothing: web/package.json declares that only CSS and
  // main.tsx have side effects, so the bundler drops whatever a page does not use from a feature's index.ts.
  ...webFeatures.map((feature) => ({
    target: `web/src/features/${feature}`,
    from: 'web/src/features/**',
    except: [at('web/src/features', feature, '**'), at('web/src/features/*/index.ts')],
    message:
      `features/${feature} may use another feature only through that feature's public index.ts ` +
      "(import from '../<feature>/index.ts', exporting what you need there). If the piece is shared UI or a " +
      'helper with no feature of its own, move it down to components/ or lib/; if it composes several ' +
      'features, it belongs in app/.',
  })),
  ...featureLayerZones,
  {
    target: ['web/src/pages', 'web/src/app'],
    from: 'web/src/features/**',
    except: [at('web/src/features/*/index.ts')],
    message:
      "pages/ and app/ use a feature only through its public index.ts: import from 'features/<feature>/index.ts' " +
      "and export what you need there (for code that must stay lazy, export a loader such as () => import('./x.tsx')).",
  },
  // ---- server ----
  {
    target: 'server/src/chain',
    from: ['server/src/modules', 'server/src/payments'],
    message:
      'server/src/chain/ holds the simulated chain\'s primitives (keys, signing, blocks, fee market) and must not ' +
      'import modules/ or payments/. Put ledger writes and views in payments/ and let payments/ call chain/, not the reverse.',
  },
  {
    target: 'server/src/payments',
    from: 'server/src/modules',
    message:
      'server/src/payments/ (the one writer of the ledger tables) is called by the HTTP modules, never the reverse: ' +
      'move what it needs from modules/ into payments/ (or lib/) and import it from there.',
  },
  {
    target: 'server/src/modules',
    from: 'server/src/demo-network',
    message:
      'server/src/demo-network/ drives simulated participants through the payments engine and the modules\' stores, so ' +
      'modules/ must not import it: a read a route needs (a participant\'s label) belongs in the module that serves it.',
  },
  {
    target: 'server/src/plugins',
    from: 'server/src/modules',
    message:
      'Fastify plugins must not import server/src/modules/: move what the plugin needs into lib/ or the plugin ' +
      'itself, or pass it in through the plugin options when the module registers it.',
  },
  {
    target: 'server/src',
    from: ['e2e', 'bench'],
    message: 'Server code must not depend on the browser journeys or the benchmarks: move the shared piece into server/src or a package.',
  },
  {
    target: ['bench', 'e2e', 'packages/test-support'],
    from: 'server/src',
    message:
      'bench/, e2e/ and the test-support package drive the server over HTTP and child processes: import from ' +
      '@fincrypt/test-support or @fincrypt/domain, never from server/src.',
  },
  {
    target: 'packages/domain',
    from: ['server', 'web', 'e2e', 'bench'],
    message: 'The domain package is pure and shared by every side: it must not import server/, web/, e2e/ or bench/.',
  },
];

/** import-x's no-cycle, its messages followed by what to do about the cycle (the rule itself is unchanged). */
const noCycle = importXPlugin.rules['no-cycle'];
const CYCLE_ADVICE =
  'Break the cycle: move what both modules need into a third module that both import (in the web app, down to ' +
  "lib/ or components/), and inside a feature import its own files directly, never the feature's index.ts.";
const importX = {
  ...importXPlugin,
  rules: {
    ...importXPlugin.rules,
    'no-cycle': {
      ...noCycle,
      meta: {
        ...noCycle.meta,
        messages: Object.fromEntries(Object.entries(noCycle.meta.messages).map(([id, text]) => [id, `${text}. ${CYCLE_ADVICE}`])),
      },
    },
  },
};

/** What to do instead of a value import that would put zod into a page's first load (the web rule below). */
const LAZY_SCHEMAS_ADVICE =
  'Reach schemas lazily: a form takes lazySchemaResolver(() => loadSchemas().then((schemas) => schemas.xSchema)) ' +
  '(lib/lazy-schema-resolver.ts), a fetcher awaits loadSchemas() (lib/load-schemas.ts) beside its request; a schema the ' +
  'browser needs, or one it builds with zod, goes in lib/schemas.ts (or, for one feature alone, in its ' +
  'features/<name>/api/<name>-schemas.ts, imported lazily). Types are fine: `import type`.';

/** Type-aware rules need a tsconfig per file; these two config files belong to none. */
const filesOutsideTsconfigs = ['vitest.config.ts', 'packages/domain/vitest.config.ts'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'server/src/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: {
        projectService: { allowDefaultProject: filesOutsideTsconfigs },
        tsconfigRootDir: root,
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // eslint-import-resolver-node: 4.6 is the last import-x whose resolver is plain JavaScript (later ones need
      // native bindings that the registry here has for Linux only, which breaks `npm ci`).
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaryZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // recommendedTypeChecked is on in full for web/ and e2e/tests/; the promise rules (no-floating-promises,
    // await-thenable, no-misused-promises) are on everywhere. These of its rules still find about 300 violations
    // here, nearly all in tests reading untyped JSON answers (`response.json()` is `any`): turn each back on once
    // its violations are fixed, e.g. by giving the tests typed answer readers.
    files: ['server/**', 'bench/**', 'packages/**', 'e2e/support/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Plain JavaScript (this file, scripts, the theme snippet) is not in any tsconfig: no type-aware rules.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/**/*.{ts,tsx}', 'web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // zod stays out of every page's first load: the browser reaches its schemas through loadSchemas()
    // (web/src/lib/load-schemas.ts), which imports lib/schemas.ts on first use. A value import of zod, of lib/schemas.ts
    // or of a domain schema would put zod back into the importer's chunk; a type import costs nothing.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/lib/schemas.ts',
      'web/src/features/*/api/*-schemas.ts',
      'web/src/lib/browser-zod.ts',
      'web/src/**/*.test.{ts,tsx}',
      'web/src/lib/testing/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: LAZY_SCHEMAS_ADVICE }],
          patterns: [
            {
              group: ['**/lib/schemas.ts', './schemas.ts', '**/*-schemas.ts', '!**/load-schemas.ts'],
              allowTypeImports: true,
              message: LAZY_SCHEMAS_ADVICE,
            },
            { group: ['@fincrypt/domain'], importNamePattern: 'Schema$|Shape$', allowTypeImports: true, message: LAZY_SCHEMAS_ADVICE },
          ],
        },
      ],
    },
  },
  {
    // A function a newcomer can hold in their head: none over 150 lines outside tests (split a long component into
    // hooks and smaller components, a long service into module-level functions).
    files: ['server/src/**/*.ts', 'web/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts', 'bench/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'server/src/test/**', 'web/src/lib/testing/**', 'packages/test-support/**'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true }] },
  },
  {
    // Benchmarks and scripts print their figures.
    files: ['bench/**', 'scripts/**'],
    rules: { 'no-console': 'off' },
  },
);
