// The lint that holds the shape (docs/architecture.md): imports go one way, between layers and areas that are named here
// once, and no module imports itself back. `npm test` runs it (scripts/test.mjs); `npx eslint .` on its own.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = dirname(fileURLToPath(import.meta.url));

/** The generated API types: the contract's schemas, which every side may read. */
const GENERATED_TYPES = ['./api/schema.gen.ts', './api/operations.gen.ts'];

/** The browser app's layers, top to bottom; a layer imports only those below it (and the generated types). */
const LAYERS = [
  { name: 'the app and its routes', paths: ['./src/routes', './src/AppRouter.tsx', './src/routeTree.gen.ts', './src/main.tsx', './src/start', './src/prerender', './src/theme.ts'] },
  { name: 'screens', paths: ['./src/screens'] },
  { name: 'components', paths: ['./src/components'] },
  { name: 'actors and the shell', paths: ['./src/actors', './src/shell', './src/platform'] },
  { name: 'machines', paths: ['./machines'] },
];

/** One zone per layer: nothing above it may be imported. */
const oneWay = LAYERS.slice(1).map((layer, index) => {
  const above = LAYERS.slice(0, index + 1);
  return {
    target: layer.paths,
    from: above.flatMap((each) => each.paths),
    message: `${layer.name} import nothing from ${above.map((each) => each.name).join(', ')}: imports go routes → screens → components → actors/shell → machines → domain/api.`,
  };
});

/** `src/screens/<area>`: each area stands alone; what two areas share lives in components/ or domain/. */
const screenAreas = readdirSync(join(root, 'src/screens'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const areasApart = screenAreas.map((area) => ({
  target: `./src/screens/${area}`,
  from: screenAreas.filter((other) => other !== area).map((other) => `./src/screens/${other}`),
  message: `src/screens/${area} imports no other screen area: move what they share to src/components/ or src/domain/.`,
}));

/** The modules the contract routes operations to: those the handlers' registry gathers (as tests/unit/serverLayers.test.ts reads it). */
const handlerModules = [...readFileSync(join(root, 'src/server/handlers/operationHandlers.ts'), 'utf8').matchAll(/^import (?!type)[^;]*?from '\.\/([^']+)'/gms)].map(
  ([, name]) => `./src/server/handlers/${name}.ts`,
);

const boundaries = [
  {
    target: './machines',
    from: './src',
    except: ['./domain', ...GENERATED_TYPES],
    message: 'machines/ import only src/domain and the generated API types: a statechart decides from its input and events, not from the browser.',
  },
  {
    target: ['./src/domain', './src/api'],
    from: ['./machines'],
    message: 'src/domain and src/api are the bottom layer: they import no statechart.',
  },
  {
    target: './src/domain',
    from: './src',
    except: ['./domain', ...GENERATED_TYPES],
    message: 'src/domain holds rules that every side shares: it imports only itself and the generated API types.',
  },
  {
    target: './src/server',
    from: ['./src', './machines'],
    except: ['./server', './domain', ...GENERATED_TYPES],
    message: 'The server imports no browser code: only src/server, src/domain and the generated API types.',
  },
  {
    target: [...LAYERS.flatMap((layer) => layer.paths), './src/domain', './src/api'],
    from: './src/server',
    message: 'The browser app imports nothing of the server.',
  },
  ...oneWay,
  ...areasApart,
];

/** The journey's screens (docs/order-journey.md): they show what the statecharts decide, and send events. */
const JOURNEY_SCREENS = ['src/screens/order/**', 'src/screens/payment/**', 'src/screens/acceptance/**'];

/**
 * What a journey screen may import from src/domain: labels, formatters, messages and named values. The journey's rules
 * are the statecharts' (machines/), which screens read through their selectors; types may be imported from anywhere.
 */
const JOURNEY_SCREEN_DOMAIN = ['money', 'orderEnums', 'timeSlotLabels', 'paymentLabels', 'paymentErrors', 'cancelMoney', 'orderRefusal'];

const journeyScreenImports = {
  files: JOURNEY_SCREENS,
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `/domain/(?!(${JOURNEY_SCREEN_DOMAIN.join('|')})$)`,
            allowTypeImports: true,
            message: `A journey screen imports only labels and formatters from src/domain (${JOURNEY_SCREEN_DOMAIN.join(', ')}): the rule belongs in the statechart (machines/), as a guard, a context fact or a selector the screen reads.`,
          },
          {
            regex: '/domain/money$',
            importNames: ['penceToPounds', 'poundsToPence', 'roundHalfUpToPenny', 'percentOfPence'],
            message: 'A journey screen shows money (formatPounds); the sums are the statechart\'s (machines/).',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ['dist/**', 'data/**', 'reports/**', 'test-results/**', 'playwright-report/**', 'android/**', 'ios/**', 'backups/**', '.identity/**', 'public/**', '**/*.gen.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: join(root, 'tsconfig.json') })],
    },
    rules: {
      // import-x leaves type-only imports out of cycles: they are erased when compiled, so nothing loads in a circle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A worker created after the repositories that call it back is declared first and assigned once.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // TypeScript checks names itself; plain scripts run on Node.
    files: ['**/*.{ts,tsx}'],
    rules: { 'no-undef': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The user flow's functions run in the page (Playwright's evaluate).
    files: ['scripts/bench/**'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['tests/**'],
    rules: {
      // Test doubles stand in for whole modules and answers.
      '@typescript-eslint/no-explicit-any': 'off',
      // Playwright reads a fixture's dependencies from its destructured first argument, even when there are none.
      'no-empty-pattern': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: boundaries }] },
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...boundaries,
            {
              target: './src/server/db',
              from: ['./src/server/notifications', './src/server/payments', './src/server/services'],
              message: 'Repositories read and write rows: they import nothing from notifications/, payments/ or services/ (docs/server-layers.md).',
            },
          ],
        },
      ],
    },
  },
  {
    files: handlerModules.map((path) => path.slice(2)),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...boundaries,
            {
              target: handlerModules,
              from: handlerModules,
              message: 'A handler imports no other handler: what two share is a service (docs/server-layers.md).',
            },
          ],
        },
      ],
    },
  },
  journeyScreenImports,
);
