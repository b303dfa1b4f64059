import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, ROLES, type AnalyticsPeriod } from '@coursa/domain';
import { z } from 'zod';
import { pageFields } from './fields.js';
import { optionalFilter, optionalText, searchField } from './fields.js';

const PERIODS = Object.keys(ANALYTICS_PERIODS) as [AnalyticsPeriod, ...AnalyticsPeriod[]];

export const AnalyticsQuery = z
  .object({ period: z.enum(PERIODS, { error: 'Période inconnue : 24h, 7days, 30days ou 90days.' }).default(DEFAULT_ANALYTICS_PERIOD) })
  .loose();
export type AnalyticsQueryInput = z.output<typeof AnalyticsQuery>;

export const UsersQuery = z
  .object({
    role: optionalFilter(z.enum(ROLES, { error: 'Rôle inconnu.' })),
    /** What staff search for (issue 38). */
    q: searchField('+224 622 12 34 56', 'Recherche : téléphone (tout format), nom, e-mail ou numéro de compte (USR-000042) ; sans tenir compte des accents.'),
    ...pageFields(),
  })
  .loose();
export type UsersQueryInput = z.output<typeof UsersQuery>;

/** Staff close a course (spec §4): delivered or cancelled, with an optional reason (and for cash, whether it was collected). */
export const CourseStatusQuery = z
  .object({
    new_status: z.enum(['delivered', 'cancelled'], { error: 'Statut inconnu : delivered ou cancelled attendu.' }),
    reason: optionalText(500),
    /** A cash course closed as delivered: whether its courier collected the cash (true or false). */
    cash_collected: z
      .enum(['true', 'false'], { error: 'cash_collected vaut true ou false.' })
      .transform((value) => value === 'true')
      .optional(),
  })
  .loose();
export type CourseStatusInput = z.output<typeof CourseStatusQuery>;

/** Staff give a course to a courier (issue 38): a waiting one, or one in progress taken from its courier. */
export const AssignCourierSchema = z.object({ courier_id: z.uuid({ error: 'courier_id doit être un identifiant de livreur.' }) }).strict();
export type AssignCourierInput = z.output<typeof AssignCourierSchema>;

/** The couriers staff may give a course to: available and active, by name, a page at a time. */
export const AvailableCouriersQuery = z.object({ ...pageFields() }).loose();
export type AvailableCouriersInput = z.output<typeof AvailableCouriersQuery>;
