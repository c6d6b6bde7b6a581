import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { configs as litConfigs } from 'eslint-plugin-lit';
import { configs as wcConfigs } from 'eslint-plugin-wc';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'custom-elements.json',
      'coverage/',
      // the example stores' installs and build output
      'examples/*/node_modules/',
      'examples/*/.next/',
      'examples/*/.astro/',
      'examples/*/dist/',
      'examples/*/.svelte-kit/',
      'examples/*/.nuxt/',
      'examples/*/.output/',
      'examples/*/next-env.d.ts',
    ],
  },
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
      'test/sessions/**/*.js',
      'test/vendor/**/*.js',
      'demo/**/*.js',
      '*.config.{js,mjs,ts}',
      'vite.config.ts',
      'examples/plain/serve.mjs',
      'examples/express/server.mjs',
    ],
    languageOptions: { globals: globals.node },
  },
  {
    // the plain store's own script, as a store writes one: a page script, no build
    files: ['examples/plain/shopper.js', 'examples/express/public/*.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // Node scripts that drive Chromium: the functions they pass to the page run in the browser.
    files: ['bench/**/*.mjs', 'test/e2e/**/*.{js,mjs}', 'test/examples/**/*.mjs', 'test/package/**/*.js'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    // Prettier wraps code at 120; this also holds comments, strings and template text to it.
    files: ['src/**/*.ts'],
    rules: { 'max-len': ['error', { code: 120, tabWidth: 2 }] },
  },
  {
    // the reference service is read on screens of every width: no line over 120 characters
    files: ['server/**/*.{js,ts}'],
    rules: { 'max-len': ['error', { code: 120 }] },
  },
  // The layers (docs/architecture.md): api <- events <- auth <- internal <- elements <- entry points. A module
  // imports only from its own layer and those before it; internal/storage.ts imports nothing and serves all.
  {
    files: ['src/api/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./', message: 'api/ stands alone.' }] }] },
  },
  {
    files: ['src/events.ts', 'src/operator-events.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\./(auth|internal|elements)/', message: 'Events know only the API types.' }] },
      ],
    },
  },
  {
    files: ['src/auth/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(elements/|internal/(?!storage\\.js$))',
              message: 'auth/ works without elements; of internal/ it uses the storage keys only.',
            },
          ],
        },
      ],
    },
  },
  {
    // the store's server side: the API, the protocol steps and the event types; nothing of the page's elements
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(elements|internal|bundles|locales)/',
              message: 'server/ runs without a DOM: it knows no element.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/internal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./elements/', message: 'internal/ serves the elements; it knows none.' }] },
      ],
    },
  },
  {
    files: ['src/elements/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(?!\\.\\./)', message: 'An element does not import another element.' }] },
      ],
    },
  },
  {
    files: ['src/locales/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./elements/(?!.*\\.texts\\.js$)',
              message: 'A language module reads the texts of the elements, nothing else of them.',
            },
          ],
        },
      ],
    },
  },
  // The service's layers (docs/architecture.md): domain <- readers, idp <- routes <- http/app.js <- index.js <- cli.js, with
  // the rest of http/ (errors, requests and answers) a toolkit beneath them all but the domain: domain/ knows no HTTP
  // (it throws its own errors, which http/errors.js answers).
  {
    files: ['server/domain/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!domain/)',
              message: 'domain/ holds the store and knows no other layer: it throws its own errors (domain/errors.js).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/readers/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!domain/)',
              message: "readers/ answers the store's lists in threads of their own: it knows the store alone.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/idp/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(routes/|http/(app|server)\\.js$|index\\.js$|cli\\.js$)',
              message: 'idp/ knows the store and the HTTP toolkit, not the routes or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/routes/**/*.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(http/(app|server)\\.js$|index\\.js$|cli\\.js$)',
              message: 'A route module is one part of the route table; it does not know the table or the server.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/http/**/*.js'],
    ignores: ['server/http/app.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(routes/|idp/|index\\.js$|cli\\.js$)',
              message: 'The HTTP toolkit serves every layer and knows none above the store; app.js holds the routes.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/http/app.js'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./(index|cli)\\.js$', message: 'The route table does not know the server.' }] },
      ],
    },
  },
  {
    rules: {
      // one equality: === everywhere, and `== null` only where undefined and null both mean "not given"
      'eqeqeq': ['error', 'always', { null: 'ignore' }],
      // `interface WindowEventMap extends StorefrontEventMap {}` is how a module adds its events to the DOM's maps
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
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
