export * from './commissions.js';
export * from './courses.js';
export * from './disputes.js';
export * from './loyalty.js';
export * from './phone.js';
export * from './pricing.js';
export * from './roles.js';
export * from './validation.js';
