import { z } from 'zod';
import { optionalText, requiredText } from '../../../common/validation/zod.js';

const latitude = z
  .number({ error: 'La latitude doit être un nombre.' })
  .min(-90, { error: 'La latitude doit être comprise entre -90 et 90.' })
  .max(90, { error: 'La latitude doit être comprise entre -90 et 90.' });
const longitude = z
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
    })
    .strict();

const promoCode = z.string().trim().max(40).optional();

export const QuoteSchema = z
  .object({ pickup_location: point.loose(), delivery_location: point.loose(), promo_code: promoCode })
  .strict();
export type QuoteInput = z.output<typeof QuoteSchema>;

export const CreateCourseSchema = z
  .object({
    pickup_location: location('retrait'),
    delivery_location: location('livraison'),
    description: optionalText(1000),
    photo_url: z.union([z.url({ protocol: /^https?$/, error: 'Adresse de photo invalide.' }).max(500), z.literal(''), z.null()]).optional(),
    package_type: optionalText(50),
    recipient_phone: requiredText(40, 'Le téléphone du destinataire est obligatoire.'),
    pickup_contact_phone: optionalText(40),
    delivery_contact_phone: optionalText(40),
    payment_reference: z.string().max(40).optional(),
    payment_method: z.literal('cash_on_delivery', { error: 'Seul le paiement à la livraison se choisit ici.' }).optional(),
    promo_code: promoCode,
  })
  .strict();
export type CreateCourseInput = z.output<typeof CreateCourseSchema>;
