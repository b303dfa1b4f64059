import { Injectable } from '@nestjs/common';
import { curatedByStaff, keptPlaceIds, keptTogetherLinks, linkedGroups, nearEnough, PLACE_RULES, staffKept, summarisePlace } from '@coursa/domain';
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
   *
   * Staff's edits stay (issue 39): a place staff curated keeps its id before any other (and so stays hidden when
   * hidden), its name and point when staff set them, all its observations in one group when staff merged places into
   * it; two places staff curated are never joined by the grouping (a merge is theirs to make).
   */
  async execute(): Promise<{ places: number; observations: number }> {
    return this.uow.run(async (tx) => {
      await this.places.lockGrouping(tx);
      await this.places.dropFlaggedHandovers(tx);
      const observations = await this.places.observations(tx);
      const byId = new Map(observations.map((o) => [o.id, o]));
      const curated = new Map((await this.places.curatedPlaces(tx)).filter(curatedByStaff).map((place) => [place.id, place]));
      const anchors = new Map(observations.filter((o) => o.placeId && curated.has(o.placeId)).map((o) => [o.id, o.placeId!]));
      const keptTogether = new Set([...curated.values()].filter((place) => place.keptTogether).map((place) => place.id));
      const pairs = await this.places.similarPairs(tx, PLACE_RULES.minTextSimilarity, PLACE_RULES.groupDistanceM * DEGREES_PER_M * 2);
      const links = [
        ...pairs.filter(({ a, b }) => nearEnough(byId.get(a)!, byId.get(b)!)).map(({ a, b }) => [a, b] as const),
        ...keptTogetherLinks(observations, keptTogether),
      ];
      const groups = linkedGroups([...byId.keys()], links, anchors);
      const kept = keptPlaceIds(groups.map((ids) => ids.map((id) => byId.get(id)!.placeId)), new Set(curated.keys()));
      for (const [index, ids] of groups.entries()) {
        const keptId = kept[index] ?? null;
        const summary = summarisePlace(ids.map((id) => byId.get(id)!), staffKept(keptId ? curated.get(keptId) : undefined));
        const placeId = await this.places.savePlace(tx, keptId, summary);
        await this.places.assign(tx, placeId, ids);
      }
      await this.places.dropEmptyPlaces(tx);
      return { places: groups.length, observations: observations.length };
    }, { timeout: 120_000 });
  }
}
