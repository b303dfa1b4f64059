// Types for migrations.mjs, so that TypeScript tests can import it.
export interface MigrationOptions {
  /** Defaults to $PRISMA_SCHEMA, then prisma/schema.prisma. */
  schemaPath?: string;
  /** Defaults to $MIGRATIONS_DIR, then the `migrations` folder next to the schema. */
  migrationsDir?: string;
}

export function defaultOptions(env?: NodeJS.ProcessEnv): Required<MigrationOptions> & { url: string };
export function maskUrl(url: string): string;
export class DatabaseConnectionError extends Error {}

/** The schema engine's advisory lock key (it waits 10 s for it), and the one deploys queue on first. */
export const ENGINE_LOCK: number;
export const DEPLOY_LOCK: number;

/** Creates the database and the `?schema=` schema if needed, applies pending migrations, returns their names. */
export function deploy(url?: string, options?: Pick<MigrationOptions, 'migrationsDir'>): Promise<string[]>;
/** SQL missing from the migrations to reach the schema's datamodel ('' when none). */
export function pendingSql(url?: string, options?: MigrationOptions): Promise<string>;
export function check(url?: string, options?: MigrationOptions): Promise<{ ok: true } | { ok: false; sql: string }>;
/** Writes a new migration folder and returns its path, or null when nothing changed. */
export function createMigration(name: string, url?: string, options?: MigrationOptions): Promise<string | null>;
