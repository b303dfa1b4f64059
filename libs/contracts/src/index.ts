export * from './auth.js';
export * from './jobs.js';
