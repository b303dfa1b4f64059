// `npm run test:faults`: the fault suite (test/faults), one file at a time. Each file starts its own private
// PostgreSQL and Redis and kills or restarts them, and the API and worker processes on them.
import base from './jest.config.js';

/** @type {import('jest').Config} */
export default {
  ...base,
  testMatch: ['<rootDir>/test/faults/**/*.fault-spec.ts'],
  globalSetup: undefined,
  maxWorkers: 1,
  testTimeout: 120_000,
};
