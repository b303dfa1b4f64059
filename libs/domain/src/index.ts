export * from './phone.js';
export * from './roles.js';
export * from './validation.js';
