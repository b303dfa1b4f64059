import { Injectable } from '@nestjs/common';
import { flatKm, KM_PER_DEGREE, placeFold, type PlacePoint } from '@coursa/domain';
import { Prisma } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { SqlTx } from '../../common/prisma/transaction.js';
import { containingPattern } from '../../common/prisma/search-sql.js';

/** One of her own addresses matching the search: a saved one (with its label) or one of her past courses'. */
export interface OwnAddressMatch extends PlacePoint {
  label: string | null;
  address: string;
  instructions: string | null;
  /** The address as compared (place_fold), to tell the same text apart from another. */
  folded: string;
}

/** A place of the book matching the search or near a spot: its name, point and staff's instructions; never who. */
export interface BookPlaceMatch extends PlacePoint {
  id: string;
  name: string;
  instructions: string | null;
}

/** Search near her: the book's places within this distance of her are read first (see bookMatching). */
export const NEAR_FIRST_M = 2_000;

/** Her most recent courses read for her past addresses: enough for any habit, few enough to fold at each keystroke. */
export const PAST_COURSES_READ = 500;

/** LIKE needs a trigram to look up in the index: a shorter text is only found `alike` (words starting so). */
const MIN_CONTAINED = 3;

/**
 * How a typed text matches a folded `column` (issue 39), in SQL, the text folded by place_fold() (case, accents,
 * spaces): `containing` it as it is (a LIKE the trigram index answers, from MIN_CONTAINED characters), or `alike`,
 * close enough to a run of its words for typos and words typed in part (place_word_match: pg_trgm's word similarity,
 * migration place_search) without containing it; or `either`.
 */
const matches = {
  containing(column: Prisma.Sql, q: string): Prisma.Sql {
    if (placeFold(q).length < MIN_CONTAINED) return Prisma.sql`FALSE`;
    return Prisma.sql`${column} LIKE place_fold(${containingPattern(q)})`;
  },
  alike(column: Prisma.Sql, q: string): Prisma.Sql {
    return Prisma.sql`(place_word_match(place_fold(${q}), ${column}) AND NOT (${matches.containing(column, q)}))`;
  },
  either(column: Prisma.Sql, q: string): Prisma.Sql {
    return Prisma.sql`(${matches.containing(column, q)} OR place_word_match(place_fold(${q}), ${column}))`;
  },
};

/** A place's name as compared: the expression the trigram index places_name_search_idx is made on. */
const NAME = Prisma.sql`place_fold(p.name)`;

/** Metres between a row's point and `from`, as flatKm (libs/domain) measures them. */
const metresFrom = (from: PlacePoint, latitude: Prisma.Sql, longitude: Prisma.Sql) =>
  Prisma.sql`${KM_PER_DEGREE * 1000}::float8 * sqrt(power(${latitude} - ${from.latitude}::float8, 2) + power(${longitude} - ${from.longitude}::float8, 2))`;

/** Search as you type and the nearest known place (issue 39): her saved places, her past courses' addresses, the place book. */
@Injectable()
export class PlaceSearchRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Her saved places whose label or address matches, by label. */
  savedMatching(clientId: string, q: string, limit: number): Promise<OwnAddressMatch[]> {
    return this.prisma.client.$queryRaw<OwnAddressMatch[]>`
      SELECT s.label, s.address, s.latitude, s.longitude, s.instructions, place_fold(s.address) AS folded
      FROM saved_places s
      WHERE s.client_id = ${clientId}::uuid
        AND (${matches.either(Prisma.sql`place_fold(s.label)`, q)} OR ${matches.either(Prisma.sql`place_fold(s.address)`, q)})
      ORDER BY s.label_key, s.created_at
      LIMIT ${limit}`;
  }

  /**
   * The pickup and delivery addresses of her last PAST_COURSES_READ courses that match (read on the index of her
   * courses by date, folded and compared on that small set), each text once, newest first, with that course's point
   * and instructions.
   */
  pastMatching(clientId: string, q: string, limit: number): Promise<OwnAddressMatch[]> {
    return this.prisma.client.$queryRaw<OwnAddressMatch[]>`
      WITH recent AS (
        SELECT c.id, c.created_at, c.pickup_address, c.pickup_latitude, c.pickup_longitude, c.pickup_instructions,
               c.delivery_address, c.delivery_latitude, c.delivery_longitude, c.delivery_instructions
        FROM courses c
        WHERE c.client_id = ${clientId}::uuid
        ORDER BY c.created_at DESC, c.id DESC
        LIMIT ${PAST_COURSES_READ}
      ), ends AS MATERIALIZED (
        SELECT r.created_at, r.id, e.address, e.latitude, e.longitude, e.instructions, place_fold(e.address) AS folded
        FROM recent r
        CROSS JOIN LATERAL (VALUES
          (r.delivery_address, r.delivery_latitude, r.delivery_longitude, r.delivery_instructions),
          (r.pickup_address, r.pickup_latitude, r.pickup_longitude, r.pickup_instructions)
        ) AS e(address, latitude, longitude, instructions)
      ), latest AS (
        SELECT DISTINCT ON (folded) * FROM ends
        WHERE ${matches.either(Prisma.sql`folded`, q)}
        ORDER BY folded, created_at DESC, id DESC
      )
      SELECT NULL::text AS label, address, latitude, longitude, instructions, folded
      FROM latest
      ORDER BY created_at DESC, id DESC, folded
      LIMIT ${limit}`;
  }

  /**
   * The book's places that match and may be suggested (libs/domain placeSuggestible: not hidden, seen by `minClients`
   * different clients), through the trigram index on place_fold(name): those containing the text first, then those
   * alike (a typo, a word in part); in each, the nearest to `from` first when given, else the most seen.
   */
  async bookMatching(q: string, from: PlacePoint | null, minClients: number, limit: number): Promise<BookPlaceMatch[]> {
    const containing = placeFold(q).length < MIN_CONTAINED ? [] : await this.bookNearFirst(matches.containing(NAME, q), from, minClients, limit);
    if (containing.length === limit) return containing;
    return [...containing, ...(await this.bookNearFirst(matches.alike(NAME, q), from, minClients, limit - containing.length))];
  }

  /**
   * The first `limit` matching places by distance from `from` (else the most seen). A common word matches thousands
   * of places, each compared again once read; so the places within NEAR_FIRST_M are read first (a box on the
   * (latitude, longitude) index beside the trigram one), and when `limit` of them lie within that distance no farther
   * place can come before them: the others are not read.
   */
  private async bookNearFirst(match: Prisma.Sql, from: PlacePoint | null, minClients: number, limit: number): Promise<BookPlaceMatch[]> {
    if (!from) return this.bookQuery(match, minClients, limit, Prisma.sql`p.observation_count DESC, p.id`, Prisma.empty);
    const byDistance = Prisma.sql`${metresFrom(from, Prisma.sql`p.latitude`, Prisma.sql`p.longitude`)}, p.id`;
    const box = NEAR_FIRST_M / (KM_PER_DEGREE * 1000);
    const near = await this.bookQuery(match, minClients, limit, byDistance, Prisma.sql`
      AND p.latitude BETWEEN ${from.latitude - box} AND ${from.latitude + box}
      AND p.longitude BETWEEN ${from.longitude - box} AND ${from.longitude + box}`);
    if (near.length === limit && flatKm(from, near[limit - 1]!) * 1000 <= NEAR_FIRST_M) return near;
    return this.bookQuery(match, minClients, limit, byDistance, Prisma.empty);
  }

  private bookQuery(match: Prisma.Sql, minClients: number, limit: number, order: Prisma.Sql, within: Prisma.Sql): Promise<BookPlaceMatch[]> {
    return this.prisma.client.$queryRaw<BookPlaceMatch[]>`
      SELECT p.id::text AS id, p.name, p.latitude, p.longitude, p.instructions
      FROM places p
      WHERE NOT p.hidden AND p.distinct_clients >= ${minClients} AND ${match} ${within}
      ORDER BY ${order}
      LIMIT ${limit}`;
  }

  /** The suggestible places in a box of ±`boxDegrees` around a spot, on the places' (latitude, longitude) index. */
  bookInBox(at: PlacePoint, boxDegrees: number, minClients: number): Promise<BookPlaceMatch[]> {
    return this.prisma.client.place.findMany({
      where: {
        hidden: false,
        distinctClients: { gte: minClients },
        latitude: { gte: at.latitude - boxDegrees, lte: at.latitude + boxDegrees },
        longitude: { gte: at.longitude - boxDegrees, lte: at.longitude + boxDegrees },
      },
      select: { id: true, name: true, latitude: true, longitude: true, instructions: true },
    });
  }

  /**
   * Which of these places exist, as placeSuggestible reads them; each row found is locked (FOR KEY SHARE, as a
   * foreign key does) until the transaction ends, so a merge cannot delete it before the course referring to it is written.
   */
  async lockPlaces(tx: SqlTx, ids: readonly string[]): Promise<{ id: string; hidden: boolean; distinctClients: number }[]> {
    if (!ids.length) return [];
    return tx.$queryRaw<{ id: string; hidden: boolean; distinctClients: number }[]>`
      SELECT p.id::text AS id, p.hidden, p.distinct_clients AS "distinctClients"
      FROM places p WHERE p.id = ANY(${[...ids]}::uuid[])
      ORDER BY p.id
      FOR KEY SHARE`;
  }
}
