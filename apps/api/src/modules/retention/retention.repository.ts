import { Injectable } from '@nestjs/common';
import { ENDED_STATUSES } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { RoutePoint } from './route-line.js';

/** A day partition of the trail (courier_positions_pYYYYMMDD) and the UTC day it holds. */
export interface DayPartition {
  name: string;
  day: Date;
}

const DAY_PARTITION = /^courier_positions_p(\d{4})(\d{2})(\d{2})$/;

/** What retention reads and removes in PostgreSQL (issue 25): the trail's partitions, routes, and expired rows. */
@Injectable()
export class RetentionRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Makes the day partitions from `first` to `last` (UTC days) that do not exist yet; answers how many it made. */
  async ensureDayPartitions(first: Date, last: Date): Promise<number> {
    const [{ made }] = await this.prisma.client.$queryRaw<{ made: number }[]>`
      SELECT courier_positions_ensure_partitions(${utcDay(first)}::date, ${utcDay(last)}::date) AS made`;
    return made;
  }

  /** The trail's day partitions, oldest first (the default partition is not one). */
  async dayPartitions(): Promise<DayPartition[]> {
    const rows = await this.prisma.client.$queryRaw<{ name: string }[]>`
      SELECT child.relname AS name FROM pg_inherits
      JOIN pg_class parent ON parent.oid = pg_inherits.inhparent
      JOIN pg_class child ON child.oid = pg_inherits.inhrelid
      WHERE parent.oid = to_regclass('courier_positions')`;
    return rows
      .flatMap(({ name }) => {
        const match = DAY_PARTITION.exec(name);
        return match ? [{ name, day: new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) }] : [];
      })
      .sort((a, b) => a.day.getTime() - b.day.getTime());
  }

  /** The ended courses with positions in this partition and no route kept yet. */
  async endedCoursesWithoutRoute(partition: DayPartition): Promise<string[]> {
    const rows = await this.prisma.client.$queryRawUnsafe<{ id: string }[]>(
      `SELECT DISTINCT c.id FROM ${quoted(partition.name)} p JOIN courses c ON c.id = p.course_id
       WHERE c.route IS NULL AND c.status IN (${ENDED_STATUSES.map((status) => `'${status}'`).join(', ')})`,
    );
    return rows.map((row) => row.id);
  }

  /** Drops a whole day of raw positions at once. */
  async dropPartition(partition: DayPartition): Promise<void> {
    await this.prisma.client.$executeRawUnsafe(`DROP TABLE IF EXISTS ${quoted(partition.name)}`);
  }

  /** Deletes up to `limit` positions of the default partition (days with no partition of their own) older than `before`. */
  deleteStrayPositions(before: Date, limit: number): Promise<number> {
    return this.prisma.client.$executeRaw`
      DELETE FROM courier_positions_default WHERE ctid IN (
        SELECT ctid FROM courier_positions_default WHERE recorded_at < ${before.toISOString()}::timestamp LIMIT ${limit})`;
  }

  /** A course's trail, in the order it was ridden. */
  async trailOf(courseId: string): Promise<RoutePoint[]> {
    const rows = await this.prisma.client.courierPosition.findMany({
      where: { courseId },
      orderBy: [{ recordedAt: 'asc' }, { id: 'asc' }],
      select: { latitude: true, longitude: true },
    });
    return rows.map((row) => [row.latitude, row.longitude]);
  }

  /** Keeps an ended course's route; a course not ended (or gone) is left alone. */
  async saveRoute(courseId: string, route: RoutePoint[]): Promise<boolean> {
    const saved = await this.prisma.client.course.updateMany({
      where: { id: courseId, status: { in: [...ENDED_STATUSES] } },
      data: { route: route as unknown as Prisma.InputJsonValue },
    });
    return saved.count === 1;
  }

  /**
   * Deletes up to `limit` rows of a table whose `column` is before `before` (a table and column of this file's own,
   * never from input), the oldest first through the column's index. Answers how many went.
   */
  deleteExpired(table: ExpiringTable, before: Date, limit: number): Promise<number> {
    const { name, column, key } = EXPIRING[table];
    return this.prisma.client.$executeRawUnsafe(
      `DELETE FROM ${name} WHERE ${key} IN (SELECT ${key} FROM ${name} WHERE ${column} < $1::timestamp ORDER BY ${column} LIMIT $2)`,
      before.toISOString(),
      limit,
    );
  }
}

/** The tables whose rows end by a time column (issue 25, item 2), with the key each is deleted by. */
const EXPIRING = {
  outbox: { name: 'outbox_events', column: 'published_at', key: 'id' },
  idempotency: { name: 'idempotency_records', column: 'created_at', key: 'ctid' },
  activationTokens: { name: 'activation_tokens', column: 'expires_at', key: 'id' },
  resetCodes: { name: 'password_reset_codes', column: 'expires_at', key: 'id' },
  sessions: { name: 'sessions', column: 'expires_at', key: 'id' },
} as const;
export type ExpiringTable = keyof typeof EXPIRING;

/**
 * Times are UTC wall times in `timestamp` columns: parameters go as ISO strings cast to `timestamp`, whatever the
 * session's time zone.
 */
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** A partition's name, quoted: it comes from the catalogue and matches DAY_PARTITION. */
function quoted(name: string): string {
  if (!DAY_PARTITION.test(name)) throw new Error(`not a day partition: ${name}`);
  return `"${name}"`;
}
