// Where the test suites find PostgreSQL and Redis (the same defaults as the app, overridable).
const databaseUrl = new URL(process.env.TEST_DATABASE_URL ?? 'postgresql://postgres:postgres@127.0.0.1:5432/coursa_test');
const name = databaseUrl.pathname.slice(1);
const admin = new URL(databaseUrl);
admin.pathname = '/postgres';

export const TEST_DATABASE = { url: databaseUrl.toString(), name, adminUrl: admin.toString() };
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
