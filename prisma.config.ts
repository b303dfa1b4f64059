// Read by the Prisma CLI (`prisma generate` here; `prisma migrate …` wherever its schema-engine binary
// is available). Our own db:migrate / db:migration:new (scripts/migrate.mjs) use the same paths and URL.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL || 'postgresql://postgres:postgres@127.0.0.1:5432/coursa' },
});
