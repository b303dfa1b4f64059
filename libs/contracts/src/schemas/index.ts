// The request schemas of the API (bodies, query strings): the one definition of each shape. The API validates with
// them, the contracts' types are inferred from them, and the OpenAPI document is generated from them. A separate
// entry point, so that a client importing the contracts' types and constants does not load zod.
export * from './answers.js';
export * from './auth.js';
export * from './back-office.js';
export * from './cases.js';
export * from './commissions.js';
export * from './courses.js';
export * from './delivery.js';
export * from './disputes.js';
export * from './fields.js';
export * from './payments.js';
export * from './payouts.js';
export * from './ratings.js';
export * from './reconciliation.js';
export * from './refunds.js';
export * from './staff.js';
export * from './staff-tools.js';
export * from './push.js';
export * from './saved-places.js';
export * from './places.js';
export * from './merchants.js';
