import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// Process boundaries (docs/architecture.md, convention 1): each top-level folder is one runtime,
// and these rules keep
// runtime-specific imports from leaking across them.
const nodeOnly = ['node:*', 'express', 'better-sqlite3', 'pino', 'electron'];
const restrict = (patterns, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: patterns.map((group) => ({ group: [group], message })) },
  ],
});

// What a service or store may not import: other runtimes and the HTTP layer.
const serviceForbidden = [
  'electron',
  'react',
  'react-dom',
  '**/renderer/**',
  '**/main/**',
  'express',
  '**/http/errors*',
  '**/http/route*',
  '**/http/context*',
  '**/http/dispatch*',
  '**/http/paging*',
  '**/http/answer-cache*',
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'release', 'coverage', 'bench/results', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { parserOptions: { ecmaVersion: 2023, sourceType: 'module' } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['shared/**'],
    rules: restrict(
      [...nodeOnly, 'react', 'react-dom', '**/server/**', '**/main/**', '**/renderer/**'],
      'shared/ is pure: no Node, Electron, React or other runtimes.',
    ),
  },
  {
    files: ['server/**'],
    rules: restrict(
      ['electron', 'react', 'react-dom', '**/renderer/**', '**/main/**'],
      'server/ never imports Electron, React or other runtimes.',
    ),
  },
  {
    // The storage ports are a leaf (docs/architecture.md, "Storage ports"): resources import
    // their repositories from there, never the other way.
    files: ['server/storage/**'],
    rules: restrict(
      ['electron', 'react', 'react-dom', '**/renderer/**', '**/main/**', '**/resources/**'],
      'server/storage/ imports nothing from the resources: declare the rows and repositories here.',
    ),
  },
  {
    // Storage is asynchronous: a promise nobody awaits is a write that may fail unseen, or a
    // check that is always true. Type-aware, so only for the server.
    files: ['server/**/*.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Services and stores know nothing of HTTP (docs/architecture.md, convention 4): they throw
    // domain errors
    // (server/errors.ts); routes map them to statuses and own answers, caching and headers.
    files: ['server/resources/**/*.ts', 'server/auth/**/*.ts'],
    ignores: [
      '**/*routes.ts',
      'server/resources/media/upload.ts',
      'server/resources/media/file-server.ts',
      'server/resources/terms/archive-links.ts',
      // An import's request body and answer (errors included) cross to its worker thread.
      'server/resources/transfer/import-body.ts',
      'server/resources/transfer/import-jobs.ts',
    ],
    rules: restrict(
      serviceForbidden,
      'Services and stores know nothing of HTTP: throw a domain error (server/errors.ts) instead.',
    ),
  },
  {
    // Resources behind the storage ports reach storage only through them (docs/architecture.md,
    // "Storage ports"): no connection, no SQLite adapter. Extend the list as resources convert.
    files: [
      'server/resources/settings/**/*.ts',
      'server/resources/users/**/*.ts',
      'server/resources/sessions/**/*.ts',
      'server/auth/**/*.ts',
      'server/resources/events/publisher.ts',
      'server/resources/events/listing*.ts',
      'server/resources/events/scheduled-query.ts',
      'server/resources/search/**/*.ts',
    ],
    ignores: ['**/*routes.ts'],
    rules: restrict(
      [...serviceForbidden, '**/db/*', '**/storage/sqlite/*', 'better-sqlite3'],
      'A converted service knows nothing of HTTP or SQLite: take its repositories (StoragePorts) and throw domain errors.',
    ),
  },
  {
    files: ['renderer/**'],
    rules: restrict([...nodeOnly, '**/server/**', '**/main/**'], 'renderer/ imports only shared/.'),
  },
  {
    files: ['main/**'],
    rules: restrict(['react', 'react-dom', '**/renderer/**'], 'main/ never imports the console.'),
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
