import { Injectable } from '@nestjs/common';
import type { GroupedObservation, PlacePoint, PlaceSummary } from '@coursa/domain';
import { Prisma, type Place } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage, type SqlColumns } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { containing } from '../../common/prisma/search-sql.js';

/** A place as staff curate it: what it is called, where, how often and by how many it was seen, what staff set on it. */
export type CuratedPlace = Pick<
  Place,
  'id' | 'name' | 'latitude' | 'longitude' | 'instructions' | 'observationCount' | 'distinctClients' | 'spreadM' | 'hidden' | 'nameByStaff' | 'pointByStaff' | 'keptTogether' | 'updatedAt'
>;

const COLUMNS = Prisma.sql`
  id, name, latitude, longitude, instructions, observation_count AS "observationCount", distinct_clients AS "distinctClients",
  spread_m AS "spreadM", hidden, name_by_staff AS "nameByStaff", point_by_staff AS "pointByStaff", kept_together AS "keptTogether",
  updated_at AS "updatedAt"`;

/** The back office's order of the place book: most seen first, the id breaking ties. */
const MOST_SEEN = new Keyset<Pick<CuratedPlace, 'observationCount' | 'id'>>([
  { field: 'observationCount', order: 'desc', kind: 'integer' },
  { field: 'id', order: 'desc', kind: 'uuid' },
]);
const MOST_SEEN_COLUMNS: SqlColumns<Pick<CuratedPlace, 'observationCount' | 'id'>> = { observationCount: 'observation_count', id: 'id' };

export interface PlaceListFilter {
  /** A text the name contains, case and accents aside. */
  q?: string;
  hidden?: boolean;
}

/** What staff change on a place (issue 39): each field set is written, with the flag that keeps it from the grouping. */
export interface PlaceEdit {
  name?: string;
  point?: PlacePoint;
  /** The spread measured from the new point. */
  spreadM?: number;
  instructions?: string | null;
  hidden?: boolean;
}

/** A merge's result on the place kept: its summary over all its observations (null when it has none), and its instructions. */
export interface MergedPlace {
  summary: PlaceSummary | null;
  /** Whether staff named it: its name and folded name then stay as they are. */
  keepName: boolean;
  instructions: string | null;
}

/** Staff's curation of the place book (issue 39): the places listed, edited, merged. */
@Injectable()
export class PlaceCurationRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A page of the place book, most seen first, and how many places match in all: those whose name contains `q` (on
   * the trigram index of place_fold(name), migration place_book), hidden or not.
   */
  async list(filter: PlaceListFilter, page: PageRequest): Promise<RowsPage<CuratedPlace> & { total: number }> {
    const where = Prisma.join(
      [
        filter.q === undefined ? Prisma.sql`TRUE` : containing(filter.q, 'place_fold')('name'),
        filter.hidden === undefined ? Prisma.sql`TRUE` : Prisma.sql`hidden = ${filter.hidden}`,
      ],
      ' AND ',
    );
    const [rows, [counted]] = await Promise.all([
      this.prisma.client.$queryRaw<CuratedPlace[]>`
        SELECT ${COLUMNS} FROM places WHERE ${where} AND ${MOST_SEEN.sqlAfter(page.cursor, MOST_SEEN_COLUMNS)}
        ORDER BY ${MOST_SEEN.sqlOrderBy(MOST_SEEN_COLUMNS)} LIMIT ${MOST_SEEN.take(page)}::int`,
      this.prisma.client.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM places WHERE ${where}`,
    ]);
    return { ...MOST_SEEN.page(rows, page), total: counted!.total };
  }

  /** Locks the places of these ids that exist, in the order of their ids (two staff writes never wait on each other in a circle). */
  lockPlaces(tx: Tx, ids: readonly string[]): Promise<CuratedPlace[]> {
    return tx.$queryRaw<CuratedPlace[]>`SELECT ${COLUMNS} FROM places WHERE id = ANY(${[...ids]}::uuid[]) ORDER BY id FOR UPDATE`;
  }

  async find(tx: Tx, id: string): Promise<CuratedPlace | null> {
    const [place] = await tx.$queryRaw<CuratedPlace[]>`SELECT ${COLUMNS} FROM places WHERE id = ${id}::uuid`;
    return place ?? null;
  }

  /** The observations grouped into a place, as the grouping reads them (never who: the client's id is counted, not shown). */
  observationsOf(tx: Tx, placeId: string): Promise<Omit<GroupedObservation, 'placeId'>[]> {
    return tx.placeObservation.findMany({ where: { placeId }, select: { id: true, text: true, clientId: true, latitude: true, longitude: true }, orderBy: { id: 'asc' } });
  }

  /** Writes staff's edit: a name (folded by the database's place_fold) or a point set are staff's from then on. */
  async edit(tx: Tx, id: string, edit: PlaceEdit): Promise<void> {
    const sets: Prisma.Sql[] = [Prisma.sql`updated_at = now()`];
    if (edit.name !== undefined) sets.push(Prisma.sql`name = ${edit.name}, normalised_name = place_fold(${edit.name}), name_by_staff = TRUE`);
    if (edit.point !== undefined) sets.push(Prisma.sql`latitude = ${edit.point.latitude}, longitude = ${edit.point.longitude}, point_by_staff = TRUE`);
    if (edit.spreadM !== undefined) sets.push(Prisma.sql`spread_m = ${edit.spreadM}`);
    if (edit.instructions !== undefined) sets.push(Prisma.sql`instructions = ${edit.instructions}`);
    if (edit.hidden !== undefined) sets.push(Prisma.sql`hidden = ${edit.hidden}`);
    await tx.$executeRaw`UPDATE places SET ${Prisma.join(sets, ', ')} WHERE id = ${id}::uuid`;
  }

  /** Moves a place's observations to another; answers how many. */
  async moveObservations(tx: Tx, fromId: string, toId: string): Promise<number> {
    return (await tx.placeObservation.updateMany({ where: { placeId: fromId }, data: { placeId: toId } })).count;
  }

  /** Points the courses that chose a place (at either end) at another; answers how many ends moved. */
  async repointCourses(tx: Tx, fromId: string, toId: string): Promise<number> {
    const pickups = await tx.course.updateMany({ where: { pickupPlaceId: fromId }, data: { pickupPlaceId: toId } });
    const deliveries = await tx.course.updateMany({ where: { deliveryPlaceId: fromId }, data: { deliveryPlaceId: toId } });
    return pickups.count + deliveries.count;
  }

  /** Writes the place kept by a merge: its summary, its instructions, and that staff keep its observations together. */
  async saveMerged(tx: Tx, id: string, merged: MergedPlace): Promise<void> {
    const { summary } = merged;
    await tx.place.update({
      where: { id },
      data: {
        keptTogether: true,
        instructions: merged.instructions,
        ...(summary && {
          ...(!merged.keepName && { name: summary.name, normalisedName: summary.normalisedName }),
          latitude: summary.latitude, longitude: summary.longitude,
          observationCount: summary.observationCount, distinctClients: summary.distinctClients, spreadM: summary.spreadM,
        }),
      },
    });
  }

  async remove(tx: Tx, id: string): Promise<void> {
    await tx.place.delete({ where: { id } });
  }
}
