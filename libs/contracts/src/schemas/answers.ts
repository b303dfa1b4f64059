import { COURSE_STATUSES, ROLES } from '@coursa/domain';
import { z } from 'zod';

// The answers whose shape is small and shared: defined here, their types inferred (auth.ts, delivery.ts…), and
// described as they are in the OpenAPI document. The larger answers are still TypeScript types of the route map.

/** Every error answer of the API: `detail` in French for the user, `code` for the program. */
export const ApiErrorSchema = z
  .object({
    detail: z.string().meta({ description: 'Ce qui ne va pas, en français, à montrer tel quel.' }),
    code: z.string().meta({ description: 'Le code stable de l’erreur (VALIDATION_ERROR, UNAUTHENTICATED…).', example: 'VALIDATION_ERROR' }),
    request_id: z.string().optional().meta({ description: "Sur une erreur inattendue : l'identifiant de la requête, à citer au support." }),
  })
  .meta({ id: 'ApiError', description: 'Une erreur de l’API.' });

/** The answer of a route that only says it was done. */
export const MessageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });

/** Answer of create-admin, migrate-to-super-admin and the approvals. */
export const SuccessResponseSchema = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'SuccessResponse' });

const timestamp = z.string().meta({ format: 'date-time' });

/** A user as the API returns it (spec §3 "User", without the password). */
export const UserDtoSchema = z
  .object({
    id: z.string(),
    phone: z.string(),
    full_name: z.string(),
    email: z.string().nullable(),
    role: z.enum(ROLES),
    referral_code: z.string().nullable(),
    loyalty_points: z.number(),
    is_available: z.boolean(),
    is_active: z.boolean(),
    total_courses: z.number(),
    rating: z.number().nullable(),
    /** A client's account staff made a merchant (issue 40): the web shows it « Développeurs ». */
    is_merchant: z.boolean(),
    accepted_terms: z.boolean(),
    terms_accepted_at: timestamp.nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'User' });

export const SessionResponseSchema = z
  .object({
    access_token: z.string(),
    refresh_token: z.string(),
    token_type: z.literal('bearer'),
    expires_in: z.number(),
    user: UserDtoSchema,
  })
  .meta({ id: 'Session' });

export const RegisterResponseSchema = z.object({ requires_activation: z.literal(true), message: z.string() });

export const HealthResponseSchema = z.object({
  /** `draining`: the process is shutting down (503), the load balancer sends its traffic to the others. */
  status: z.enum(['ok', 'degraded', 'draining']),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
});

export const QuoteResponseSchema = z.object({
  distance_km: z.number(),
  estimated_price: z.number(),
  discount: z.number(),
  /** What the client pays: the price less the promo discount. */
  total_price: z.number(),
  currency: z.literal('GNF'),
});

/** POST /delivery/toggle-availability. */
export const AvailabilityResponseSchema = z.object({ is_available: z.boolean() });

/** POST /delivery/accept-course/:id. */
export const CourseAcceptedResponseSchema = z.object({ message: z.string(), course_id: z.string(), status: z.enum(COURSE_STATUSES) });

/** POST /delivery/course/:id/update-status (delivered goes through the delivery code instead). */
export const CourseStatusUpdatedResponseSchema = z.object({ message: z.string(), status: z.enum(COURSE_STATUSES), status_label: z.string() });
