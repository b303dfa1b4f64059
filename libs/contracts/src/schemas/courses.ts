import { COURSE_STATUS_FILTERS } from '@coursa/domain';
import { z } from 'zod';
import { pageFields } from './fields.js';
import { optionalFilter, optionalText, requiredText, searchField } from './fields.js';

/** The coordinates a course's points accept; « Mes adresses » (saved-places.ts) reuses them. */
export const latitude = z
  .number({ error: 'La latitude doit être un nombre.' })
  .min(-90, { error: 'La latitude doit être comprise entre -90 et 90.' })
  .max(90, { error: 'La latitude doit être comprise entre -90 et 90.' });
export const longitude = z
  .number({ error: 'La longitude doit être un nombre.' })
  .min(-180, { error: 'La longitude doit être comprise entre -180 et 180.' })
  .max(180, { error: 'La longitude doit être comprise entre -180 et 180.' });

const point = z.object({ latitude, longitude }).strict();

const location = (which: 'retrait' | 'livraison') =>
  z
    .object({
      address: requiredText(300, `L'adresse de ${which} est obligatoire.`),
      latitude,
      longitude,
      instructions: optionalText(500),
      /** The place book's place chosen from the suggestions (issue 39), for its name on the courier's screen. */
      place_id: z.union([z.uuid({ error: 'place_id doit être l’identifiant d’un lieu.' }), z.null()]).optional(),
    })
    .strict();

const promoCode = z.string().trim().max(40).optional();

export const QuoteSchema = z
  .object({ pickup_location: point.loose(), delivery_location: point.loose(), promo_code: promoCode })
  .strict();
export type QuoteInput = z.output<typeof QuoteSchema>;

/** What a client orders: the course without its payment (POST /api/courses, or stored with a paid order's payment). */
const courseOrder = {
  pickup_location: location('retrait'),
  delivery_location: location('livraison'),
  description: optionalText(1000),
  /** A parcel photo the client uploaded (`/api/files/<id>`), checked by the service; empty for none. */
  photo_url: z.union([z.string().trim().max(500, 'Adresse de photo invalide.'), z.null()]).optional(),
  package_type: optionalText(50),
  recipient_phone: requiredText(40, 'Le téléphone du destinataire est obligatoire.'),
  pickup_contact_phone: optionalText(40),
  delivery_contact_phone: optionalText(40),
  promo_code: promoCode,
};

export const CourseOrderSchema = z.object(courseOrder, { error: 'Commande invalide.' }).strict();
export type CourseOrderInput = z.output<typeof CourseOrderSchema>;

export const CreateCourseSchema = z
  .object({
    ...courseOrder,
    /** The order_id of a succeeded, unused payment of the quoted amount… */
    payment_reference: z.string().max(40).optional(),
    /** …or cash on delivery. */
    payment_method: z.literal('cash_on_delivery', { error: 'Seul le paiement à la livraison se choisit ici.' }).optional(),
  })
  .strict();
export type CreateCourseInput = z.output<typeof CreateCourseSchema>;

/** A page of a list of courses (the client's, the courier's history, the back office's), by status or `active`. */
export const CourseListQuery = z
  .object({
    status: optionalFilter(z.enum(COURSE_STATUS_FILTERS, { error: 'Statut de course inconnu.' })),
    ...pageFields(),
  })
  .loose();
export type CourseListInput = z.output<typeof CourseListQuery>;

/** The back office's list of courses: by status and, with `q`, what ops search for (issue 38). */
export const AdminCourseListQuery = CourseListQuery.extend({
  q: searchField(
    'CRS-000123',
    'Recherche : numéro de course (CRS-000123, 000123, 123), référence de commande d’un marchand, téléphone du client, du livreur ou du destinataire (tout format), nom du client ou du livreur, adresse ; sans tenir compte des accents.',
  ),
}).loose();
export type AdminCourseListInput = z.output<typeof AdminCourseListQuery>;
