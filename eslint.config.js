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
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Served as they are, in the browser (e.g. the prerendered pages' start-after-paint.js).
    files: ['web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  ...boundaries,
);
