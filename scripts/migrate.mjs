// Offline replacement for `prisma migrate deploy|dev --create-only|diff --exit-code` (see lib/migrations.mjs).
//   node scripts/migrate.mjs deploy        apply pending migrations to DATABASE_URL (db:migrate)
//   node scripts/migrate.mjs new <name>    write the migration the schema needs (db:migration:new)
//   node scripts/migrate.mjs check         exit 1 if the migrations do not produce the schema
// Environment: DATABASE_URL (may end with ?schema=NAME), PRISMA_SCHEMA and MIGRATIONS_DIR to override paths.
import path from 'node:path';
import { check, createMigration, defaultOptions, deploy, maskUrl } from './lib/migrations.mjs';

const USAGE = 'usage: node scripts/migrate.mjs deploy | new <name> | check';
const options = defaultOptions();
const relative = (file) => path.relative(process.cwd(), file) || '.';

const commands = {
  async deploy() {
    const applied = await deploy(options.url, options);
    for (const name of applied) console.log(`Applied ${name}`);
    console.log(
      applied.length
        ? `${applied.length} migration(s) applied to ${maskUrl(options.url)}`
        : `Database up to date: ${maskUrl(options.url)}`,
    );
  },

  async new(name) {
    if (!name) throw new Error(`missing migration name\n${USAGE}`);
    const dir = await createMigration(name, options.url, options);
    console.log(
      dir
        ? `Created ${relative(path.join(dir, 'migration.sql'))}`
        : `No change in ${relative(options.schemaPath)}: no migration created`,
    );
  },

  async check() {
    const result = await check(options.url, options);
    if (result.ok) {
      console.log(`Migrations match ${relative(options.schemaPath)}`);
      return;
    }
    console.error(`Migrations in ${relative(options.migrationsDir)} miss this SQL to match ${relative(options.schemaPath)}:\n`);
    console.error(result.sql.trimEnd());
    console.error('\nCreate the migration with: npm run db:migration:new -- <name>');
    process.exitCode = 1;
  },
};

const [command, ...args] = process.argv.slice(2);
if (!Object.hasOwn(commands, command)) {
  console.error(USAGE);
  process.exit(1);
}
try {
  await commands[command](...args);
} catch (err) {
  console.error(`migrate ${command}: ${err.message}`);
  process.exitCode = 1;
}
