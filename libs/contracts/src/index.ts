export * from './after-delivery.js';
export * from './auth.js';
export * from './courses.js';
export * from './delivery.js';
export * from './jobs.js';
export * from './outbox.js';
export * from './payments.js';
export * from './realtime.js';
