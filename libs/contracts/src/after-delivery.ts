import type { CaseStatus, DisputeType } from '@coursa/domain';
import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { CreateDisputeSchema } from './schemas/disputes.js';
import type { CreateRatingSchema } from './schemas/ratings.js';

/** POST /ratings: a client rates the courier of one of their delivered courses. */
export type CreateRatingRequest = z.input<typeof CreateRatingSchema>;

/** One rating (spec §3 "Rating"). */
export interface RatingDto {
  course_id: string;
  rating: number;
  comment: string | null;
  client_name: string;
  /** When the course was ordered. */
  course_date: string;
  created_at: string;
}

export interface RatingCreatedResponse {
  message: string;
  rating: RatingDto;
}

/** GET /delivery/ratings: the courier's ratings screen. */
export interface CourierRatingsDto {
  /** Rounded to 2 decimals; null before the first rating. */
  average: number | null;
  total: number;
  /** From 5 down to 1; whole percentages summing to 100 (all 0 without ratings). */
  distribution: { rating: number; count: number; percentage: number }[];
  /** The 10 newest. */
  latest: RatingDto[];
}

/** POST /disputes (spec §3 "Dispute payload"). */
export type CreateDisputeRequest = z.input<typeof CreateDisputeSchema>;

/** A claim as its client sees it. */
export interface DisputeDto {
  id: string;
  course_id: string;
  /** The course's number as the client reads it (`courseNumber`: CRS-000123). */
  course_number: string;
  dispute_type: DisputeType;
  dispute_type_label: string;
  reason: string;
  description: string | null;
  status: CaseStatus;
  status_label: string;
  staff_note: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}

/** A page of GET /disputes, the client's claims newest first: the route answers the items, the cursor in headers. */
export type ClientDisputesResponse = Page<'disputes', DisputeDto>;

export interface DisputeCreatedResponse {
  message: string;
  dispute: DisputeDto;
}
