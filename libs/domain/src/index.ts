export * from './roles.js';
export * from './validation.js';
