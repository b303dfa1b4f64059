import { Injectable } from '@nestjs/common';
import { keptPlaceIds, linkedGroups, nearEnough, PLACE_RULES, summarisePlace } from '@coursa/domain';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { PlaceBookRepository } from '../place-book.repository.js';

/** Degrees per metre, about (the box the grouping's pairs are looked for in: generous for longitude near the equator). */
const DEGREES_PER_M = 1 / 111_000;

/** The place book's grouping of observations into places (issue 39), run by the GroupPlaces job. */
@Injectable()
export class GroupPlacesUseCase {
  constructor(
    private readonly places: PlaceBookRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /**
   * Groups every observation into places: alike texts (trigram similarity) and near points, transitively. A group keeps
   * the place most of its observations had, so running it again over the same observations gives the same places,
   * ids and counts; places left empty go (not the hidden ones). One grouping at a time.
   */
  async execute(): Promise<{ places: number; observations: number }> {
    return this.uow.run(async (tx) => {
      await this.places.lockGrouping(tx);
      await this.places.dropFlaggedHandovers(tx);
      const observations = await this.places.observations(tx);
      const byId = new Map(observations.map((o) => [o.id, o]));
      const pairs = await this.places.similarPairs(tx, PLACE_RULES.minTextSimilarity, PLACE_RULES.groupDistanceM * DEGREES_PER_M * 2);
      const links = pairs.filter(({ a, b }) => nearEnough(byId.get(a)!, byId.get(b)!)).map(({ a, b }) => [a, b] as const);
      const groups = linkedGroups([...byId.keys()], links);
      const kept = keptPlaceIds(groups.map((ids) => ids.map((id) => byId.get(id)!.placeId)));
      for (const [index, ids] of groups.entries()) {
        const placeId = await this.places.savePlace(tx, kept[index] ?? null, summarisePlace(ids.map((id) => byId.get(id)!)));
        await this.places.assign(tx, placeId, ids);
      }
      await this.places.dropEmptyPlaces(tx);
      return { places: groups.length, observations: observations.length };
    }, { timeout: 120_000 });
  }
}
