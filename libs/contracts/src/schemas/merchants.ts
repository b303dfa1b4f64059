import { API_KEY_SCOPES, COURSE_STATUS_FILTERS, MERCHANT_PAYMENT_TERMS, WEBHOOK_EVENT_TYPES } from '@coursa/domain';
import { z } from 'zod';
import { latitude, longitude } from './courses.js';
import { optionalFilter, optionalText, pageFields, requiredText, searchField } from './fields.js';

/** Shops order by API (issue 40): the request shapes of merchant accounts, keys, webhooks and `/api/v1`. */

/** Staff make a client a merchant, or change its profile. */
export const MerchantProfileSchema = z
  .object({
    business_name: requiredText(120, 'Le nom du commerce est obligatoire.'),
    pickup_address: requiredText(300, "L'adresse de retrait par défaut est obligatoire."),
    pickup_latitude: latitude,
    pickup_longitude: longitude,
    pickup_instructions: optionalText(500),
    pickup_contact_name: optionalText(120),
    pickup_contact_phone: optionalText(40),
    payment_terms: z.enum(MERCHANT_PAYMENT_TERMS, { error: 'Conditions de paiement inconnues.' }),
  })
  .strict();
export type MerchantProfileInput = z.output<typeof MerchantProfileSchema>;

export const AdminMerchantListQuery = z
  .object({
    q: searchField('Pharmacie', 'Recherche : nom du commerce, nom ou téléphone du compte.'),
    ...pageFields(),
  })
  .loose();
export type AdminMerchantListInput = z.output<typeof AdminMerchantListQuery>;

const MONTH_MESSAGE = 'Le mois doit s’écrire AAAA-MM (par exemple 2026-11).';
// This century's months: a year such as 9999 would end past what PostgreSQL's timestamps read.
const month = z.string({ error: MONTH_MESSAGE }).regex(/^20\d{2}-(0[1-9]|1[0-2])$/, { error: MONTH_MESSAGE }).meta({ example: '2026-10' });

/** A month's statement: `?month=2026-10`, the current month when left out. */
export const StatementQuery = z.object({ month: optionalFilter(month) }).loose();
export type StatementQueryInput = z.output<typeof StatementQuery>;

export const SettleStatementSchema = z.object({ month, reference: optionalText(100) }).strict();
export type SettleStatementInput = z.output<typeof SettleStatementSchema>;

const scopes = z
  .array(z.enum(API_KEY_SCOPES, { error: 'Permission inconnue.' }), { error: 'Choisissez au moins une permission.' })
  .min(1, { error: 'Choisissez au moins une permission.' })
  .max(API_KEY_SCOPES.length)
  .transform((list) => [...new Set(list)]);

export const ApiKeyRequestSchema = z.object({ name: requiredText(80, 'Donnez un nom à la clé.'), scopes }).strict();
export type ApiKeyRequestInput = z.output<typeof ApiKeyRequestSchema>;

/** A rotation: the old key keeps working `overlap_hours` (0 to 168, 24 when left out). */
export const RotateApiKeySchema = z
  .object({
    overlap_hours: z
      .number({ error: 'La durée de chevauchement est un nombre d’heures.' })
      .int({ error: 'La durée de chevauchement est un nombre d’heures.' })
      .min(0, { error: 'La durée de chevauchement va de 0 à 168 heures.' })
      .max(168, { error: 'La durée de chevauchement va de 0 à 168 heures.' })
      .optional(),
  })
  .strict();
export type RotateApiKeyInput = z.output<typeof RotateApiKeySchema>;

const WEBHOOK_URL_INVALID = "L'adresse du webhook doit être une URL http(s) complète.";
const webhookUrl = z
  .url({ protocol: /^https?$/, error: WEBHOOK_URL_INVALID })
  .max(2000, { error: "L'adresse du webhook est trop longue." })
  .meta({ example: 'https://boutique.example.gn/coursa/webhooks' });
const eventTypes = z
  .array(z.enum(WEBHOOK_EVENT_TYPES, { error: "Type d'événement inconnu." }), { error: 'Choisissez au moins un événement.' })
  .min(1, { error: 'Choisissez au moins un événement.' })
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

export const WebhookEndpointSchema = z.object({ url: webhookUrl, description: optionalText(200), event_types: eventTypes }).strict();
export type WebhookEndpointInput = z.output<typeof WebhookEndpointSchema>;

/**
 * A change to an endpoint: a field left out stays as it is (`description` '' or null removes it); `enabled: true` turns
 * a disabled endpoint on again (its failure count reset).
 */
export const WebhookEndpointUpdateSchema = z
  .object({ url: webhookUrl.optional(), description: optionalText(200).optional(), event_types: eventTypes.optional(), enabled: z.boolean({ error: 'enabled est vrai ou faux.' }).optional() })
  .strict();
export type WebhookEndpointUpdateInput = z.output<typeof WebhookEndpointUpdateSchema>;

export const WebhookDeliveryListQuery = z
  .object({ status: optionalFilter(z.enum(['pending', 'succeeded', 'failed'], { error: 'Statut inconnu.' })), ...pageFields() })
  .loose();
export type WebhookDeliveryListInput = z.output<typeof WebhookDeliveryListQuery>;

const instant = (name: string) =>
  z.iso.datetime({ offset: true, error: `« ${name} » doit être une date ISO 8601 (par exemple 2026-11-27T08:00:00Z).` });

/** Replay every event of an endpoint created in a period (at most 7 days). */
export const ReplayPeriodSchema = z
  .object({ since: instant('since'), until: instant('until') })
  .strict()
  .refine(({ since, until }) => Date.parse(since) < Date.parse(until), { error: '« since » doit précéder « until ».', path: ['until'] })
  .refine(({ since, until }) => Date.parse(until) - Date.parse(since) <= 7 * 24 * 3600 * 1000, { error: 'Une relance couvre au plus 7 jours.', path: ['until'] });
export type ReplayPeriodInput = z.output<typeof ReplayPeriodSchema>;

// ─────────────── the public API, /api/v1 ───────────────

const v1Point = (which: 'retrait' | 'livraison') =>
  z
    .object({
      address: requiredText(300, `L'adresse de ${which} est obligatoire.`),
      latitude,
      longitude,
      instructions: optionalText(500),
      contact_phone: optionalText(40),
    })
    .strict();
const point = z.object({ latitude, longitude }).strict();

/** A price before ordering; the pickup defaults to the merchant's. */
export const V1QuoteSchema = z.object({ pickup: point.loose().optional(), dropoff: point.loose() }).strict();
export type V1QuoteInput = z.output<typeof V1QuoteSchema>;

export const V1CreateDeliverySchema = z
  .object({
    /** The merchant's own order reference, kept and searchable. */
    reference: optionalText(100),
    /** Left out: the merchant's default pickup point and contact. */
    pickup: v1Point('retrait').optional(),
    dropoff: v1Point('livraison'),
    recipient_phone: requiredText(40, 'Le téléphone du destinataire est obligatoire.'),
    description: optionalText(1000),
    package_type: optionalText(50),
    /** Merchants paying by mobile money per course: the number to prompt (Orange Money or MTN MoMo). */
    payment_phone: optionalText(40),
  })
  .strict();
export type V1CreateDeliveryInput = z.output<typeof V1CreateDeliverySchema>;

export const V1DeliveryListQuery = z
  .object({
    status: optionalFilter(z.enum(COURSE_STATUS_FILTERS, { error: 'Statut de course inconnu.' })),
    reference: optionalFilter(z.string().trim().min(1).max(100).meta({ example: 'CMD-2026-0042', description: 'La référence de commande du marchand, exacte.' })),
    ...pageFields(),
  })
  .loose();
export type V1DeliveryListInput = z.output<typeof V1DeliveryListQuery>;
