import { Injectable } from '@nestjs/common';
import type { OutboxEventInput } from '@coursa/contracts';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../prisma/prisma.service.js';
import type { SqlTx, Tx } from '../prisma/transaction.js';
import type { AnyRelayedEvent } from './outbox-handler.js';

@Injectable()
export class OutboxRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Writes events inside the caller's transaction: they exist if and only if the change committed. */
  async add(tx: SqlTx, ...events: OutboxEventInput[]): Promise<void> {
    if (!events.length) return;
    await tx.$executeRaw(this.insert(events));
  }

  /**
   * One INSERT of every event, as createMany sends, without Prisma's building of it (issue 42: createMany costs three
   * times the CPU of the plain statement, and every write of a course adds events), its rows written only when `when`
   * holds: what `add` sends, and what a statement that writes its events with its own change puts in its WITH
   * (CourseLifecycleRepository.moveAlone: `EXISTS (SELECT 1 FROM moved)`).
   */
  insert(events: readonly OutboxEventInput[], when: Prisma.Sql = Prisma.sql`TRUE`): Prisma.Sql {
    const at = new Date();
    const rows = events.map((event) => Prisma.sql`(${event.type}::text, ${event.aggregateType}::text, ${event.aggregateId}::text, ${JSON.stringify(event.payload)}::jsonb, ${at}::timestamp(3), 0)`);
    return Prisma.sql`
      INSERT INTO outbox_events (type, aggregate_type, aggregate_id, payload, created_at, attempts)
      SELECT * FROM (VALUES ${Prisma.join(rows)}) AS event WHERE ${when}`;
  }

  /**
   * The oldest unpublished events, in order, locked for the caller's transaction; SKIP LOCKED so that several relays
   * never publish the same event.
   */
  async lockPending(tx: Tx, limit: number): Promise<AnyRelayedEvent[]> {
    // Each row's payload was written from its type's shape by `add`.
    return tx.$queryRaw<AnyRelayedEvent[]>`
      SELECT id, type, payload FROM outbox_events
      WHERE published_at IS NULL ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED`;
  }

  /** When the oldest event not yet relayed was written (null when all are): the outbox's lag, for /metrics. */
  async oldestPendingAt(): Promise<Date | null> {
    const [oldest] = await this.prisma.client.$queryRaw<{ createdAt: Date }[]>`
      SELECT created_at AS "createdAt" FROM outbox_events WHERE published_at IS NULL ORDER BY id LIMIT 1`;
    return oldest?.createdAt ?? null;
  }

  /** Marks events published, and wipes the texts of the SMS among them. */
  async markPublished(tx: Tx, ids: bigint[]): Promise<void> {
    await tx.outboxEvent.updateMany({ where: { id: { in: ids } }, data: { publishedAt: new Date() } });
    await tx.outboxEvent.updateMany({ where: { id: { in: ids }, type: 'sms' }, data: { payload: {} } });
  }
}
