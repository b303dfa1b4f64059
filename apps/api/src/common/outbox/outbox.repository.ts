import { Injectable } from '@nestjs/common';
import type { OutboxEventInput, OutboxEventType } from '@coursa/contracts';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { Tx } from '../prisma/transaction.js';

export interface PendingEvent {
  id: bigint;
  type: OutboxEventType;
  payload: Prisma.JsonValue;
}

@Injectable()
export class OutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes events inside the caller's transaction: they exist if and only if the change committed. */
  async add(tx: Tx, ...events: OutboxEventInput[]): Promise<void> {
    await tx.outboxEvent.createMany({
      data: events.map((event) => ({ ...event, payload: event.payload as unknown as Prisma.InputJsonValue })),
    });
  }

  /**
   * Hands a batch of unpublished events to `publish`, then marks them published (and wipes SMS texts),
   * in one transaction; rows are locked with SKIP LOCKED so several relays never publish the same event.
   */
  async relayBatch(limit: number, publish: (events: PendingEvent[]) => Promise<void>): Promise<number> {
    return this.prisma.client.$transaction(async (tx) => {
      const events = await tx.$queryRaw<PendingEvent[]>`
        SELECT id, type, payload FROM outbox_events
        WHERE published_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
      if (!events.length) return 0;
      await publish(events);
      const ids = events.map((event) => event.id);
      await tx.outboxEvent.updateMany({ where: { id: { in: ids } }, data: { publishedAt: new Date() } });
      await tx.outboxEvent.updateMany({ where: { id: { in: ids }, type: 'sms' }, data: { payload: {} } });
      return events.length;
    });
  }
}
