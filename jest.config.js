// Jest runs in native ESM mode (NestJS 12 packages are ESM-only); SWC strips types and keeps decorator metadata.
import { readFileSync } from 'node:fs';

const swc = JSON.parse(readFileSync(new URL('./.swcrc', import.meta.url), 'utf8'));
delete swc.$schema;

/** @type {import('jest').Config} */
export default {
  rootDir: '.',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { ...swc, sourceMaps: 'inline' }],
    // The web app's components: TSX with React's automatic JSX runtime, as Vite compiles them.
    '^.+\\.tsx$': [
      '@swc/jest',
      {
        ...swc,
        sourceMaps: 'inline',
        jsc: { ...swc.jsc, parser: { syntax: 'typescript', tsx: true }, transform: { ...swc.jsc.transform, react: { runtime: 'automatic' } } },
      },
    ],
  },
  // jsdom lacks TextEncoder, which react-router needs.
  setupFiles: ['<rootDir>/test/support/jest-globals.mjs'],
  moduleNameMapper: {
    // The web app's own alias, and stylesheets, which component tests do not need.
    '^@/(.*)$': '<rootDir>/apps/web/src/$1',
    '\\.css$': '<rootDir>/test/support/stubs/style.js',
    '^@coursa/(contracts|domain)$': '<rootDir>/libs/$1/src/index.ts',
    '^@coursa/contracts/schemas$': '<rootDir>/libs/contracts/src/schemas/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
    // Its ESM build imports JSON without an import attribute, which Jest warns about on every suite.
    '^libphonenumber-js/min$': '<rootDir>/node_modules/libphonenumber-js/min/index.cjs',
  },
  testMatch: ['<rootDir>/{apps,libs}/**/*.spec.{ts,tsx}', '<rootDir>/test/**/*.e2e-spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  modulePathIgnorePatterns: ['<rootDir>/apps/web/dist'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  maxWorkers: 2,
  // ESM suites (--experimental-vm-modules) leave each file's module graph behind in the worker: across 270 files one
  // worker reached its 4 GB heap and crashed mid-run. A worker holding more than this once a file ends is replaced.
  workerIdleMemoryLimit: '1GB',
  // Also each beforeAll's: starting an API (and a browser) on a shared 2-core machine while the other worker runs a
  // browser journey has taken more than 30 s (Redis's first connect timed out and was retried).
  testTimeout: 60000,
};
