import { Injectable } from '@nestjs/common';
import type { IdempotencyRecord, Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';

@Injectable()
export class IdempotencyRepository {
  constructor(private readonly prisma: PrismaService) {}

  find(userId: string, key: string): Promise<IdempotencyRecord | null> {
    return this.prisma.client.idempotencyRecord.findUnique({ where: { userId_key: { userId, key } } });
  }

  async save(record: { userId: string; key: string; route: string; requestHash: string; statusCode: number; responseBody: unknown }) {
    await this.prisma.client.idempotencyRecord.create({
      data: { ...record, responseBody: record.responseBody as Prisma.InputJsonValue },
    });
  }
}
