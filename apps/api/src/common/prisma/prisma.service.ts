import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';

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

/** Only repositories use this (docs/conventions.md, « Only repositories touch Prisma »). */
@Injectable()
export class PrismaService implements OnModuleInit, OnModuleDestroy {
  readonly client: PrismaClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = createPrismaClient(config.DATABASE_URL);
  }

  /** Connects and loads the query compiler at boot rather than on the first request. */
  async onModuleInit() {
    await this.client.user.findFirst({ select: { id: true } });
  }

  async onModuleDestroy() {
    await this.client.$disconnect();
  }
}
