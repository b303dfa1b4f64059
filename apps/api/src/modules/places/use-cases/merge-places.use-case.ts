import { Inject, Injectable } from '@nestjs/common';
import type { PlaceSavedResponse } from '@coursa/contracts';
import { staffKept, summarisePlace } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PlaceBookRepository } from '../place-book.repository.js';
import { PlaceCurationErrors } from '../place-curation.errors.js';
import { curatedFields, toAdminPlaceDto } from '../place-curation.mapper.js';
import { PlaceCurationRepository } from '../place-curation.repository.js';

/** How long a merge waits for a grouping (or another merge) under way to end before it says to try again. */
export const MERGE_WAIT_MS = 5_000;

/**
 * Staff merge a place into another (issue 39): its observations and the courses that chose it go to the place kept,
 * whose counts, spread, name and point are summarised again over all its observations (libs/domain summarisePlace,
 * the name or point staff set kept), and which the grouping keeps together from then on; the merged place goes. Its
 * usual instructions go along when the kept place has none.
 *
 * A merge holds the grouping's lock (a grouping under way would put the observations back) and locks both rows in
 * the order of their ids (against an edit of either): of two merges of one place, the second finds it gone (404).
 */
@Injectable()
export class MergePlacesUseCase {
  constructor(
    private readonly places: PlaceCurationRepository,
    private readonly book: PlaceBookRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  async execute(staff: AuthUser, id: string, intoId: string, ip?: string): Promise<PlaceSavedResponse> {
    if (id === intoId) throw PlaceCurationErrors.mergeIntoItself();
    const { merged, kept } = await this.uow.run(
      async (tx) => {
        if (!(await this.book.lockGroupingWithin(tx, MERGE_WAIT_MS))) throw PlaceCurationErrors.busy();
        const locked = await this.places.lockPlaces(tx, [id, intoId]);
        const source = locked.find((place) => place.id === id);
        const target = locked.find((place) => place.id === intoId);
        if (!source) throw PlaceCurationErrors.notFound();
        if (!target) throw PlaceCurationErrors.targetNotFound();
        const observationsMoved = await this.places.moveObservations(tx, id, intoId);
        const coursesRepointed = await this.places.repointCourses(tx, id, intoId);
        const observations = await this.places.observationsOf(tx, intoId);
        await this.places.saveMerged(tx, intoId, {
          summary: observations.length ? summarisePlace(observations, staffKept(target)) : null,
          keepName: target.nameByStaff,
          instructions: target.instructions ?? source.instructions,
        });
        await this.places.remove(tx, id);
        const after = (await this.places.find(tx, intoId))!;
        await this.audit.record(
          {
            actorId: staff.id, actorRole: staff.role, action: 'place_merged', resourceType: 'place', resourceId: intoId, success: true, ip,
            details: { merged: { id, ...curatedFields(source) }, before: curatedFields(target), after: curatedFields(after), observations_moved: observationsMoved, courses_repointed: coursesRepointed },
          },
          tx,
        );
        return { merged: source, kept: after };
      },
      { timeout: MERGE_WAIT_MS + 10_000 },
    );
    return { message: `Lieu « ${merged.name} » fusionné dans « ${kept.name} ».`, place: toAdminPlaceDto(kept, this.config.PLACE_MIN_CLIENTS) };
  }
}
