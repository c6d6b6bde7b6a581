import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'custom-elements.json', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/browser/**/*.ts', 'demo/**/*.ts'],
    ...litConfigs['flat/recommended'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['src/**/*.ts', 'test/browser/**/*.ts', 'demo/**/*.ts'],
    ...wcConfigs['flat/recommended'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: [
      'server/**/*.js',
      'scripts/**/*.mjs',
      'test/server/**/*.js',
      'test/support/**/*.js',
      'demo/**/*.js',
      '*.config.{js,mjs,ts}',
      'vite.config.ts',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // Node scripts that drive Chromium: the functions they pass to the page run in the browser.
    files: ['bench/**/*.mjs', 'test/e2e/**/*.{js,mjs}', 'test/package/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // the reference service is read on screens of every width: no line over 120 characters
    files: ['server/**/*.{js,ts}'],
    rules: { 'max-len': ['error', { code: 120 }] },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'localStorage', property: 'setItem', message: 'Tokens stay out of localStorage.' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='innerHTML']",
          message: 'Render with lit templates, never innerHTML.',
        },
      ],
    },
  },
);
