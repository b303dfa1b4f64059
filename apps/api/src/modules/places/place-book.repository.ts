import { Injectable } from '@nestjs/common';
import type { GroupedObservation, PlaceCuration, PlaceSummary } from '@coursa/domain';

import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

/** A place as it may be shown: what it is called, where, how often seen; never who saw it. */
export interface BookPlace {
  id: string;
  name: string;
  latitude: number;
  longitude: number;
  observationCount: number;
  distinctClients: number;
  spreadM: number;
  hidden: boolean;
}

const BOOK_PLACE = { id: true, name: true, latitude: true, longitude: true, observationCount: true, distinctClients: true, spreadM: true, hidden: true } as const;

/** A delivered course as the place book reads it: its two addresses, their points, and when each step was made. */
export interface ObservedCourse {
  id: string;
  clientId: string;
  status: string;
  pickupAddress: string;
  pickupLatitude: number;
  pickupLongitude: number;
  deliveryAddress: string;
  deliveryLatitude: number;
  deliveryLongitude: number;
  pickupTime: Date | null;
  deliveryTime: Date | null;
}

/** A trail position of the course, with when the phone measured it (epoch ms). */
export interface TrailFix {
  latitude: number;
  longitude: number;
  accuracy: number | null;
  ms: number;
}

export interface NewObservation {
  text: string;
  latitude: number;
  longitude: number;
  accuracy: number;
  clientId: string;
  courseId: string;
  kind: 'pickup' | 'delivery';
  at: Date;
}

/** The place book's tables (issue 39): observations of delivered courses and the places grouped from them. */
@Injectable()
export class PlaceBookRepository {
  constructor(private readonly prisma: PrismaService) {}

  course(courseId: string): Promise<ObservedCourse | null> {
    return this.prisma.client.course.findUnique({
      where: { id: courseId },
      select: {
        id: true, clientId: true, status: true, pickupAddress: true, pickupLatitude: true, pickupLongitude: true,
        deliveryAddress: true, deliveryLatitude: true, deliveryLongitude: true, pickupTime: true, deliveryTime: true,
      },
    });
  }

  /** Whether the course's handover was flagged (a `delivery_flagged` audit line, issue 24). */
  async handoverFlagged(courseId: string): Promise<boolean> {
    return (await this.prisma.client.auditLog.count({ where: { action: 'delivery_flagged', resourceType: 'course', resourceId: courseId } })) > 0;
  }

  /** The course's trail positions measured between two instants, on the course's index. */
  async trail(courseId: string, from: Date, to: Date): Promise<TrailFix[]> {
    const rows = await this.prisma.client.courierPosition.findMany({
      where: { courseId, recordedAt: { gte: from, lte: to } },
      select: { latitude: true, longitude: true, accuracy: true, recordedAt: true },
    });
    return rows.map((row) => ({ latitude: row.latitude, longitude: row.longitude, accuracy: row.accuracy, ms: row.recordedAt.getTime() }));
  }

  /** Writes the observations, each text folded by the database's place_fold(); one per course and kind (a retry adds nothing). */
  async addObservations(observations: readonly NewObservation[]): Promise<number> {
    let added = 0;
    for (const o of observations) {
      added += await this.prisma.client.$executeRaw`
        INSERT INTO place_observations (id, text, normalised_text, latitude, longitude, accuracy, client_id, course_id, kind, at)
        VALUES (gen_random_uuid(), ${o.text}, place_fold(${o.text}), ${o.latitude}, ${o.longitude}, ${o.accuracy},
                ${o.clientId}::uuid, ${o.courseId}::uuid, ${o.kind}::"PlaceObservationKind", ${o.at})
        ON CONFLICT (course_id, kind) DO NOTHING`;
    }
    return added;
  }

  /** One grouping at a time, whatever the workers: the transaction holds this lock until it ends. */
  async lockGrouping(tx: Tx): Promise<void> {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('coursa:place-grouping'))`;
  }

  /**
   * The grouping's lock for staff's merge (a merge moves observations, which a grouping under way would put back): waits
   * at most `waitMs` for a grouping or another merge to end; false when it did not (the transaction is then spoilt).
   */
  async lockGroupingWithin(tx: Tx, waitMs: number): Promise<boolean> {
    await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = ${Math.max(1, Math.round(waitMs))}`);
    try {
      await this.lockGrouping(tx);
    } catch (error) {
      if (/lock timeout/i.test(String(error instanceof Error ? error.message : error))) return false;
      throw error;
    }
    await tx.$executeRawUnsafe('SET LOCAL lock_timeout TO DEFAULT');
    return true;
  }

  /** Handovers flagged after their observation was written (the flag comes after the move): they prove nothing. */
  dropFlaggedHandovers(tx: Tx): Promise<number> {
    return tx.$executeRaw`
      DELETE FROM place_observations o
      WHERE o.kind = 'delivery'
        AND EXISTS (SELECT 1 FROM audit_logs a WHERE a.action = 'delivery_flagged' AND a.resource_type = 'course' AND a.resource_id = o.course_id::text)`;
  }

  async observations(tx: Tx): Promise<GroupedObservation[]> {
    const rows = await tx.placeObservation.findMany({ select: { id: true, text: true, clientId: true, placeId: true, latitude: true, longitude: true }, orderBy: { id: 'asc' } });
    return rows;
  }

  /**
   * Pairs of observations whose folded texts are at least `minSimilarity` alike (pg_trgm, through place_similarity) and
   * whose points are within a box of `boxDegrees` (the caller measures the distance itself).
   */
  similarPairs(tx: Tx, minSimilarity: number, boxDegrees: number): Promise<{ a: string; b: string }[]> {
    return tx.$queryRaw<{ a: string; b: string }[]>`
      SELECT a.id::text AS a, b.id::text AS b
      FROM place_observations a
      JOIN place_observations b
        ON a.id < b.id
       AND b.latitude BETWEEN a.latitude - ${boxDegrees} AND a.latitude + ${boxDegrees}
       AND b.longitude BETWEEN a.longitude - ${boxDegrees} AND a.longitude + ${boxDegrees}
      WHERE place_similarity(a.normalised_text, b.normalised_text) >= ${minSimilarity}`;
  }

  /** The places staff curated (libs/domain curatedByStaff): the grouping keeps their ids, names, points and merges. */
  curatedPlaces(tx: Tx): Promise<PlaceCuration[]> {
    return tx.place.findMany({
      where: { OR: [{ hidden: true }, { nameByStaff: true }, { pointByStaff: true }, { keptTogether: true }, { instructions: { not: null } }] },
      select: { id: true, name: true, latitude: true, longitude: true, hidden: true, instructions: true, nameByStaff: true, pointByStaff: true, keptTogether: true },
    });
  }

  /**
   * Writes a place's summary: the kept one updated (its hidden flag and instructions untouched, and the name or point
   * staff set, even by an edit made while the grouping ran: staff's edits lock the row, not the grouping), or a new one;
   * answers its id.
   */
  async savePlace(tx: Tx, id: string | null, place: PlaceSummary): Promise<string> {
    if (!id) {
      const data = {
        name: place.name, normalisedName: place.normalisedName, latitude: place.latitude, longitude: place.longitude,
        observationCount: place.observationCount, distinctClients: place.distinctClients, spreadM: place.spreadM,
      };
      return (await tx.place.create({ data, select: { id: true } })).id;
    }
    await tx.$executeRaw`
      UPDATE places SET
        name = CASE WHEN name_by_staff THEN name ELSE ${place.name} END,
        normalised_name = CASE WHEN name_by_staff THEN normalised_name ELSE ${place.normalisedName} END,
        latitude = CASE WHEN point_by_staff THEN latitude ELSE ${place.latitude} END,
        longitude = CASE WHEN point_by_staff THEN longitude ELSE ${place.longitude} END,
        observation_count = ${place.observationCount}, distinct_clients = ${place.distinctClients}, spread_m = ${place.spreadM},
        updated_at = now()
      WHERE id = ${id}::uuid`;
    return id;
  }

  async assign(tx: Tx, placeId: string, observationIds: readonly string[]): Promise<void> {
    await tx.placeObservation.updateMany({ where: { id: { in: [...observationIds] }, OR: [{ placeId: null }, { placeId: { not: placeId } }] }, data: { placeId } });
  }

  /** Places no observation belongs to any more; hidden ones stay (staff hid them: the grouping must not make them again). */
  dropEmptyPlaces(tx: Tx): Promise<number> {
    return tx.$executeRaw`DELETE FROM places p WHERE NOT p.hidden AND NOT EXISTS (SELECT 1 FROM place_observations o WHERE o.place_id = p.id)`;
  }

  /** The places seen by at least `minClients` different clients and not hidden (libs/domain placeSuggestible), most seen first. */
  suggestible(minClients: number, limit: number): Promise<BookPlace[]> {
    return this.prisma.client.place.findMany({
      where: { hidden: false, distinctClients: { gte: minClients } },
      select: BOOK_PLACE,
      orderBy: [{ observationCount: 'desc' }, { id: 'asc' }],
      take: limit,
    });
  }
}
