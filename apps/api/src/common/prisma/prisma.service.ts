import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { readReplicas } from '@prisma/extension-read-replicas';
import { PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { isDependencyDown } from '../errors/error-response.js';

/** The schema named by `?schema=` in DATABASE_URL (test suites each get their own). */
export function schemaOf(databaseUrl: string): string | undefined {
  return new URL(databaseUrl).searchParams.get('schema') ?? undefined;
}

export function createPrismaClient(databaseUrl: string): PrismaClient {
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema') ?? undefined;
  url.searchParams.delete('schema');
  // The schema option qualifies generated queries; search_path makes raw SQL land in the same schema. JIT is off: every
  // query here answers in milliseconds, and on a year's data a misestimated one (thousands of rows expected, tens read)
  // crossed jit_above_cost and spent 20–25 ms compiling a plan that then ran in 2 ms (issue 25's soak).
  const options = [...(schema ? [`-c search_path="${schema}"`] : []), '-c jit=off'].join(' ');
  const adapter = new PrismaPg({ connectionString: url.toString(), max: 10, options }, { schema });
  return new PrismaClient({ adapter });
}

/** A standby cancelled the read: the WAL it was replaying removed rows the read still needed (hot standby). */
function isRecoveryConflict(error: unknown): boolean {
  return /conflict with recovery/i.test(String((error as { message?: unknown })?.message));
}

/** The primary's client routed by `@prisma/extension-read-replicas`: `$replica()` picks a replica's client. */
function withReplica(primary: PrismaClient, replicaUrl: string) {
  return primary.$extends(readReplicas({ replicas: [createPrismaClient(replicaUrl)] }));
}

/**
 * Only repositories use this (docs/conventions.md, « Only repositories touch Prisma »). `client` is the primary: every
 * write, transaction and read of money, statuses and sessions. `figures()` is for reads that may lag a few seconds —
 * the analytics, the dashboard's figures, the audit statistics, and nothing else — on DATABASE_REPLICA_URL when set.
 */
@Injectable()
export class PrismaService implements OnModuleInit, OnModuleDestroy {
  readonly client: PrismaClient;
  /** Set with DATABASE_REPLICA_URL. Its own reads are not routed: only `figures()` reaches the replica. */
  private readonly routed?: ReturnType<typeof withReplica>;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = createPrismaClient(config.DATABASE_URL);
    if (config.DATABASE_REPLICA_URL) this.routed = withReplica(this.client, config.DATABASE_REPLICA_URL);
  }

  /** Whether figures are read on a replica (DATABASE_REPLICA_URL). */
  get hasReplica(): boolean {
    return this.routed !== undefined;
  }

  /**
   * Runs a read of figures on the replica; on the primary without one, or when the replica cannot be reached (a lost
   * replica slows the figures down, it does not take them away). Never inside a transaction: `read` gets a client.
   */
  async figures<T>(read: (db: PrismaClient) => Promise<T>): Promise<T> {
    if (!this.routed) return read(this.client);
    try {
      return await read(this.routed.$replica() as unknown as PrismaClient);
    } catch (error) {
      if (!isDependencyDown(error) && !isRecoveryConflict(error)) throw error;
      return read(this.client);
    }
  }

  /** Connects and loads the query compiler at boot rather than on the first request. */
  async onModuleInit() {
    await this.client.user.findFirst({ select: { id: true } });
  }

  /** The primary's pool, and the replica's with it (the extension's $disconnect). */
  async onModuleDestroy() {
    await (this.routed ?? this.client).$disconnect();
  }
}
