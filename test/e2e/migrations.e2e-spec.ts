import { describe, expect, it } from '@jest/globals';
import { check } from '../../scripts/lib/migrations.mjs';
import { TEST_DATABASE } from '../support/test-env.mjs';

describe('migrations', () => {
  it('produce exactly the datamodel of prisma/schema.prisma', async () => {
    const result = await check(TEST_DATABASE.url);
    // When this fails, run `npm run db:migration:new -- <name>` and commit the new migration.
    expect(result.ok ? '' : result.sql).toBe('');
  });
});
