import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { readReplicas } from '@prisma/extension-read-replicas';
import pg from 'pg';
import { Prisma, PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isDependencyDown, TRANSACTION_UNAVAILABLE } from '../errors/error-response.js';
import type { SqlTx } from './transaction.js';

/** The schema named by `?schema=` in DATABASE_URL (test suites each get their own). */
export function schemaOf(databaseUrl: string): string | undefined {
  return new URL(databaseUrl).searchParams.get('schema') ?? undefined;
}

/** `connectTimeoutMs`: how long a new connection may take (unset: as long as the system's TCP allows). */
export function createPrismaClient(databaseUrl: string, options: { connectTimeoutMs?: number } = {}): PrismaClient {
  return createDatabase(databaseUrl, options).client;
}

/**
 * A Prisma client and the `pg` pool its adapter runs on: one pool of connections, which the hot reads also use
 * (PrismaService.read). Prisma ends the pool when it disconnects.
 */
export function createDatabase(databaseUrl: string, { connectTimeoutMs }: { connectTimeoutMs?: number } = {}): { client: PrismaClient; pool: pg.Pool } {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema');
  // The schema option qualifies generated queries; search_path makes raw SQL land in the same schema. JIT is off: every
  // query here answers in milliseconds, and on a year's data a misestimated one (thousands of rows expected, tens read)
  // crossed jit_above_cost and spent 20–25 ms compiling a plan that then ran in 2 ms (issue 25's soak).
  const options = [...(schema ? [`-c search_path="${schema}"`] : []), '-c jit=off'].join(' ');
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10, options, ...(connectTimeoutMs !== undefined ? { connectionTimeoutMillis: connectTimeoutMs } : {}) });
  // An idle connection lost (PostgreSQL restarted) is dropped by the pool, which then tells its 'error' listeners; with
  // none yet (Prisma adds its own when it first connects), the event would end the process.
  pool.on('error', () => undefined);
  const adapter = new PrismaPg(pool, { schema, statementNameGenerator: preparedStatementNames(), disposeExternalPool: true });
  return { client: new PrismaClient({ adapter }), pool };
}

/** How many distinct statements a process prepares at most; any other runs unnamed, parsed each time as before. */
const MAX_PREPARED_STATEMENTS = 1_000;

/**
 * Names for the statements Prisma sends (issue 42): pg then prepares each once per connection and, next time, sends only
 * its parameters, and PostgreSQL skips parsing and planning it again. The same SQL text gets the same name in every
 * connection of the process. The hot paths use a few dozen shapes; statements whose text varies (an IN list's length,
 * a batch's rows) would each take a name, so past MAX_PREPARED_STATEMENTS distinct texts the rest go unnamed, which
 * bounds what a connection keeps on the server. Prisma selects its columns by name, so a migration adding a column
 * leaves a prepared statement's answer unchanged; one changing a column's type means restarting the processes, as the
 * rolling restart of README « Two of everything » does after every migration.
 */
export function preparedStatementNames(max = MAX_PREPARED_STATEMENTS, prefix = 'coursa_'): (query: { sql: string }) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    let name = names.get(sql);
    if (name === undefined && names.size < max) {
      name = `${prefix}${names.size}`;
      names.set(sql, name);
    }
    // An empty name: pg sends the statement unnamed.
    return name ?? '';
  };
}

/** `timestamp` (Prisma's DateTime: UTC, without a zone) as the instant it is, whatever the process's time zone. */
const utcTimestamp = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

/**
 * How the hot reads parse their columns: as Prisma's `$queryRaw` does, so that a read moved from one to the other answers
 * the same (a `timestamp` is a Date in UTC, an `int8` a BigInt, a `date` a Date at midnight UTC); pg's own parsers
 * otherwise (text, integers, floats, booleans, uuid, enums as text, JSON parsed, `timestamptz` a Date).
 */
export const PRISMA_LIKE_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary'): (text: string) => unknown {
    switch (oid) {
      case pg.types.builtins.TIMESTAMP:
        return utcTimestamp;
      case pg.types.builtins.INT8:
        return BigInt;
      case pg.types.builtins.DATE:
        return (text) => new Date(`${text}T00:00:00Z`);
      default:
        return pg.types.getTypeParser(oid, format as 'text');
    }
  },
};

/** Prisma's defaults for an interactive transaction: a connection waited for 2 s at most, the work given 5 s. */
const TRANSACTION_MAX_WAIT_MS = 2_000;
const TRANSACTION_TIMEOUT_MS = 5_000;

export interface TransactionOptions {
  maxWait?: number;
  timeout?: number;
  isolationLevel?: Prisma.TransactionIsolationLevel;
}

const ISOLATION_LEVELS: Record<Prisma.TransactionIsolationLevel, string> = {
  ReadUncommitted: 'READ UNCOMMITTED',
  ReadCommitted: 'READ COMMITTED',
  RepeatableRead: 'REPEATABLE READ',
  Serializable: 'SERIALIZABLE',
};

/**
 * A `pg` transaction that could not start in time, or ran past its timeout (rolled back, nothing written), under a load
 * above what the process serves: as Prisma's P2028, a 503 to try again in a moment (error-response.ts).
 */
export class TransactionUnavailable extends Error {
  readonly code = TRANSACTION_UNAVAILABLE;
}

/** A pool's connection within `maxWait` ms; one that comes later is given back. */
async function connectWithin(pool: pg.Pool, maxWait: number): Promise<pg.PoolClient> {
  const connecting = pool.connect();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TransactionUnavailable(`aucune connexion libre en ${maxWait} ms`)), maxWait);
  });
  try {
    return await Promise.race([connecting, late]);
  } catch (error) {
    if (error instanceof TransactionUnavailable) void connecting.then((client) => client.release(), () => undefined);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

const isTemplate = (query: TemplateStringsArray | Prisma.Sql): query is TemplateStringsArray => Array.isArray(query);

/** A parameter as Prisma sends it: an instant as its UTC time (pg would write a Date in the process's time zone). */
const asParameter = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** A standby cancelled the read: the WAL it was replaying removed rows the read still needed (hot standby). */
function isRecoveryConflict(error: unknown): boolean {
  return /conflict with recovery/i.test(String((error as { message?: unknown })?.message));
}

/** A replica's machine lost without a word (no refusal, no reset) fails a read this soon, not minutes later… */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;
/** …and its figures are then read on the primary for this long before the replica is tried again. */
const REPLICA_RETRY_AFTER_MS = 10_000;

/** The primary's client routed by `@prisma/extension-read-replicas`: `$replica()` picks a replica's client. */
function withReplica(primary: PrismaClient, replicaUrl: string) {
  return primary.$extends(readReplicas({ replicas: [createPrismaClient(replicaUrl, { connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS })] }));
}

/**
 * Only repositories use this (docs/conventions.md, « Only repositories touch Prisma »). `client` is the primary: every
 * write, transaction and read of money, statuses and sessions. `figures()` is for reads that may lag a few seconds —
 * the analytics, the dashboard's figures, the audit statistics, and nothing else — on DATABASE_REPLICA_URL when set.
 */
@Injectable()
export class PrismaService implements OnModuleInit, OnModuleDestroy {
  readonly client: PrismaClient;
  /** The pool under `client`'s adapter, for the hot reads. */
  private readonly pool: pg.Pool;
  /** Their statements' names, apart from the ones Prisma's adapter gives (a name must keep its text on a connection). */
  private readonly names = preparedStatementNames(MAX_PREPARED_STATEMENTS, 'coursa_read_');
  /** Set with DATABASE_REPLICA_URL. Its own reads are not routed: only `figures()` reaches the replica. */
  private readonly routed?: ReturnType<typeof withReplica>;
  /** Until when figures skip a replica that could not be reached. */
  private replicaDownUntil = 0;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    ({ client: this.client, pool: this.pool } = createDatabase(config.DATABASE_URL));
    if (config.DATABASE_REPLICA_URL) this.routed = withReplica(this.client, config.DATABASE_REPLICA_URL);
  }

  /**
   * A hot read (issue 42): the statement runs on the primary's pool straight through `pg`, named so that each connection
   * prepares it once, and its rows come parsed as `$queryRaw` parses them (PRISMA_LIKE_TYPES). The same SQL template as
   * `$queryRaw`, without Prisma's query path, which cost a small read two to three times what the statement itself
   * costs (README « The API at the speed of its engine »). Never inside a transaction: its statements go through `tx`.
   */
  read<T>(query: Prisma.Sql): Promise<T[]> {
    return this.run<T>(query);
  }

  /**
   * A hot write that is one statement, its own transaction (PostgreSQL commits or rolls back the statement whole): a
   * change and the rows that record it, written together with data-modifying WITHs (CourseLifecycleRepository.moveAlone),
   * without opening an interactive transaction. Its RETURNING rows, parsed as `read`'s.
   */
  write<T>(statement: Prisma.Sql): Promise<T[]> {
    return this.run<T>(statement);
  }

  private async run<T>(statement: Prisma.Sql): Promise<T[]> {
    const result = await this.pool.query(this.queryOf(statement));
    return result.rows as T[];
  }

  /** A statement as pg sends it: named (prepared once per connection), its parameters as Prisma sends them. */
  private queryOf(statement: Prisma.Sql): pg.QueryConfig {
    const text = statement.text;
    return { name: this.names({ sql: text }) || undefined, text, values: statement.values.map(asParameter), types: PRISMA_LIKE_TYPES };
  }

  /**
   * A transaction on `pg` (UnitOfWork.runSql, issue 42), for work whose statements are all its own SQL (`SqlTx`): each
   * costs what it costs through `pg`, where inside Prisma's interactive transaction it cost about four times as much. It
   * keeps Prisma's rules: a connection waited for at most `maxWait`, the work given at most `timeout` (then rolled back,
   * its next statement refused), both answered as a database too busy (`TransactionUnavailable`, a 503); any error rolls
   * back. Rows are parsed as `read`'s are, as `$queryRaw` parses them.
   */
  async transaction<T>(work: (tx: SqlTx) => Promise<T>, { maxWait = TRANSACTION_MAX_WAIT_MS, timeout = TRANSACTION_TIMEOUT_MS, isolationLevel }: TransactionOptions = {}): Promise<T> {
    const client = await connectWithin(this.pool, maxWait);
    const started = Date.now();
    let broken: Error | undefined;
    // A connection lost between two statements (PostgreSQL restarted, the network cut) is told by an 'error' event on
    // the client, which the pool listens to only while the client is idle: unheard, it would end the process. Heard, the
    // next statement fails (a 503, the database being away) and the connection is closed, not given back.
    const lost = (error: Error) => (broken = error);
    client.on('error', lost);
    const send = async (query: TemplateStringsArray | Prisma.Sql, values: unknown[]) => {
      if (broken) throw broken;
      if (Date.now() - started > timeout) throw new TransactionUnavailable(`la transaction a dépassé ${timeout} ms`);
      const statement = isTemplate(query) ? Prisma.sql(query, ...values) : query;
      return client.query(this.queryOf(statement));
    };
    const tx: SqlTx = {
      $queryRaw: async <R>(query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await send(query, values)).rows as R,
      $executeRaw: async (query: TemplateStringsArray | Prisma.Sql, ...values: unknown[]) => (await send(query, values)).rowCount ?? 0,
    };
    try {
      await client.query(isolationLevel ? `BEGIN ISOLATION LEVEL ${ISOLATION_LEVELS[isolationLevel]}` : 'BEGIN');
      const result = await work(tx);
      if (Date.now() - started > timeout) throw new TransactionUnavailable(`la transaction a dépassé ${timeout} ms`);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      if (!broken) await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      // A connection lost, or whose rollback failed, is closed rather than handed to the next request mid-transaction.
      client.removeListener('error', lost);
      client.release(broken);
    }
  }

  /** Whether figures are read on a replica (DATABASE_REPLICA_URL). */
  get hasReplica(): boolean {
    return this.routed !== undefined;
  }

  /**
   * Runs a read of figures on the replica; on the primary without one, or when the replica cannot be reached (then for
   * REPLICA_RETRY_AFTER_MS: a lost replica loads the primary, it takes no figure away) or cancels the read in conflict
   * with its replay. Never inside a transaction: `read` gets a client.
   */
  async figures<T>(read: (db: PrismaClient) => Promise<T>): Promise<T> {
    // Wall-clock time is enough here: a pause in reading the replica, not a rule of the domain.
    if (!this.routed || Date.now() < this.replicaDownUntil) return read(this.client);
    try {
      return await read(this.routed.$replica() as unknown as PrismaClient);
    } catch (error) {
      if (isRecoveryConflict(error)) return read(this.client);
      if (!isDependencyDown(error)) throw error;
      this.replicaDownUntil = Date.now() + REPLICA_RETRY_AFTER_MS;
      return read(this.client);
    }
  }

  /**
   * How far the replica's replay is behind, in seconds (the time since the last commit it replayed; it grows while the
   * primary writes nothing too): for /metrics. Null without a replica, or when it does not answer.
   */
  async replicaLagSeconds(): Promise<number | null> {
    if (!this.routed) return null;
    try {
      const [row] = await (this.routed.$replica() as unknown as PrismaClient).$queryRaw<{ lag: number | null }[]>`
        SELECT EXTRACT(EPOCH FROM now() - pg_last_xact_replay_timestamp())::float8 AS lag`;
      return row?.lag ?? null;
    } catch {
      return null;
    }
  }

  /** Connects and loads the query compiler at boot rather than on the first request. */
  async onModuleInit() {
    await this.client.user.findFirst({ select: { id: true } });
  }

  /**
   * The primary's pool, and the replica's with it (the extension's $disconnect). Prisma ends the pool only if it
   * connected: one used by `read`, `write` and `transaction` alone is ended here.
   */
  async onModuleDestroy() {
    await (this.routed ?? this.client).$disconnect();
    if (!this.pool.ending) await this.pool.end();
  }
}
