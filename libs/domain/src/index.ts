export * from './phone.js';
export * from './pricing.js';
export * from './roles.js';
export * from './validation.js';
