import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
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
  const adapter = new PrismaPg({ connectionString: url.toString(), max: 10 }, { schema });
  return new PrismaClient({ adapter });
}

/** Only repositories use this (STYLE: "Only repositories touch Prisma"). */
@Injectable()
export class PrismaService implements OnModuleDestroy {
  readonly client: PrismaClient;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.client = createPrismaClient(config.DATABASE_URL);
  }

  async onModuleDestroy() {
    await this.client.$disconnect();
  }
}
