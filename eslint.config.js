import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const services = ['command-api', 'projections', 'query-api'];

/** Dependencies point one way (STYLE rule 1): contracts ← infra ← services; web sees only contracts. */
const boundaries = [
  {
    files: ['contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['@quitute/*', '!@quitute/contracts', 'express', 'pg', 'mongodb', 'kafkajs'] },
      ],
    },
  },
  {
    files: ['infra/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: services.map((s) => `@quitute/${s}`).concat('@quitute/web') },
      ],
    },
  },
  ...services.map((service) => ({
    files: [`${service}/src/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: services
            .filter((other) => other !== service)
            .map((other) => `@quitute/${other}`)
            .concat('@quitute/web', '@quitute/embedded'),
        },
      ],
    },
  })),
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@quitute/*', '!@quitute/contracts'], message: 'web imports only contracts' },
          ],
        },
      ],
    },
  },
];

const webSrc = path.join(import.meta.dirname, 'web', 'src');
const webSharedFolders = new Set(['api', 'components', 'config', 'hooks', 'lib']);

/** The part of web/src a file belongs to: 'features/<name>', 'app', 'shared', or null (testing/, entry files). */
function webPart(file) {
  const [top, child, ...rest] = path.relative(webSrc, file).split(path.sep);
  if (top === 'features' && child !== undefined && rest.length > 0) return `features/${child}`;
  if (top === 'app') return 'app';
  if (webSharedFolders.has(top) && child !== undefined) return 'shared';
  return null;
}

/**
 * Web's one-way imports (STYLE, Bulletproof React), on the resolved path of
 * every relative import, re-export and import(): a feature imports no other
 * feature and nothing of app/ (its tests may render the app); the shared
 * folders import no feature and no app. What features share lives in the
 * shared folders; app/ puts features together (routes, layout, store).
 */
const webImportBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      otherFeature:
        '{{from}} imports {{to}}: features never import each other. Move what both need to components/, hooks/, lib/ or config/, or join them in app/.',
      app: '{{from}} imports app/: app/ puts the features together, not the other way round.',
      shared:
        'Shared code imports {{to}}: api/, components/, config/, hooks/ and lib/ serve every feature and know none.',
    },
  },
  create(context) {
    const from = webPart(context.filename);
    if (from === null || from === 'app') return {};
    const isTest = /\.test\.tsx?$/.test(context.filename);
    function check(node) {
      const source = node.source;
      if (source?.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = webPart(path.resolve(path.dirname(context.filename), source.value));
      if (to === null || to === from || to === 'shared') return;
      if (from === 'shared') context.report({ node: source, messageId: 'shared', data: { to } });
      else if (to === 'app') {
        if (!isTest) context.report({ node: source, messageId: 'app', data: { from } });
      } else context.report({ node: source, messageId: 'otherFeature', data: { from, to } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: {
      'react-hooks': reactHooks,
      web: { rules: { 'import-boundaries': webImportBoundaries } },
    },
    rules: { ...reactHooks.configs.recommended.rules, 'web/import-boundaries': 'error' },
  },
  {
    // Served as they are, in the browser (e.g. the prerendered pages' start-after-paint.js).
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...boundaries,
);
