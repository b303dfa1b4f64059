// Creates the test database once; each suite then works in its own schema of it.
import pg from 'pg';
import { TEST_DATABASE } from './test-env.mjs';

export default async function globalSetup() {
  const client = new pg.Client({ connectionString: TEST_DATABASE.adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [TEST_DATABASE.name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${TEST_DATABASE.name}`).catch(() => {});
  } finally {
    await client.end();
  }
}
