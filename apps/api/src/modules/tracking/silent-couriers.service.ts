import { Inject, Injectable } from '@nestjs/common';
import type { SilentCourierDto } from '@coursa/contracts';
import { courseNumber, isSilent, lastHeardMs } from '@coursa/domain';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { OutboxRepository } from '../../common/outbox/outbox.repository.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { PositionsStore } from './positions.store.js';
import { SilencesRepository } from './silences.repository.js';

/**
 * Couriers on an active course who have sent no position for COURIER_SILENT_AFTER_S (issue 37): the phone in a pocket,
 * the page suspended. A repeatable job looks for them (one schedule however many workers); each silence is a row,
 * opened with its `courier.silent` event in one transaction, so it is flagged once, and removed when a position comes
 * again or the courier has no active course left.
 */
@Injectable()
export class SilentCouriers {
  constructor(
    private readonly silences: SilencesRepository,
    private readonly positions: PositionsStore,
    private readonly outbox: OutboxRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'COURIER_SILENT_AFTER_S'>,
  ) {}

  /** One look: opens the new silences (answered, by courier id) and ends those that are over. */
  async check(): Promise<{ flagged: string[]; ended: string[] }> {
    const now = this.clock.now();
    const onCourse = await this.silences.couriersOnActiveCourses();
    const received = await this.positions.lastReceivedEach(onCourse.map((courier) => courier.courierId));
    const silent = onCourse.flatMap((courier, index) => {
      const heard = lastHeardMs(received[index] ?? null, courier.acceptedAt?.getTime() ?? null);
      return isSilent(heard, now.getTime(), this.config.COURIER_SILENT_AFTER_S) ? [{ ...courier, since: new Date(heard ?? now.getTime()) }] : [];
    });
    const open = new Set(await this.silences.silentCourierIds());
    const stillSilent = new Set(silent.map((courier) => courier.courierId));
    const ended = [...open].filter((courierId) => !stillSilent.has(courierId));
    if (ended.length) await this.silences.end(ended);

    const flagged: string[] = [];
    for (const courier of silent.filter((candidate) => !open.has(candidate.courierId))) {
      const opened = await this.unitOfWork.run(async (tx) => {
        if (!(await this.silences.open(tx, courier.courierId, courier.since, now))) return false;
        await this.outbox.add(tx, {
          type: 'courier.silent',
          aggregateType: 'user',
          aggregateId: courier.courierId,
          payload: { courierId: courier.courierId, courierName: courier.name, since: courier.since.toISOString(), courseIds: courier.courseIds },
        });
        return true;
      });
      if (opened) flagged.push(courier.courierId);
    }
    return { flagged, ended };
  }

  /** « Livreurs sans position » on the ops dashboard. */
  async list(): Promise<SilentCourierDto[]> {
    return (await this.silences.list()).map((row) => ({
      courier_id: row.courier.id,
      courier_name: row.courier.fullName,
      courier_phone: row.courier.phone,
      since: row.since.toISOString(),
      flagged_at: row.flaggedAt.toISOString(),
      course_numbers: row.courier.courierCourses.map((course) => courseNumber(course.number)),
    }));
  }
}
