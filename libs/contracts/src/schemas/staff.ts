import {
  BLOOD_GROUPS,
  COURIER_ACCOUNT_ROLES,
  EMERGENCY_RELATIONSHIPS,
  ID_TYPES,
  MAX_EXPERIENCE_YEARS,
  MESSAGES,
  MIN_EXPERIENCE_YEARS,
  PASSWORD_MIN_LENGTH,
  PAYOUT_ACCOUNTS,
  VEHICLE_TYPES,
} from '@coursa/domain';
import { z } from 'zod';
import { AUDIT_ACTIONS } from '../audit.js';
import { optionalFilter, optionalText, pageFields, requiredText } from './fields.js';

/** One of `values`; its own message when missing, another when it is not one of them. */
const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T, missing: string, invalid: string) =>
  z.enum(values, { error: (issue) => (issue.input === undefined ? missing : invalid) });

/** One of `values`, or not given ('' and null included, as an untouched select sends them). */
const optionalChoice = <const T extends readonly [string, ...string[]]>(values: T, invalid: string) =>
  z.preprocess((value) => (value === '' ? null : value), z.enum(values, { error: invalid }).nullish().transform((value) => value ?? null));

/** What every account staff create has: the admin creation payload, and the start of the courier's. */
export const AccountFields = {
  full_name: requiredText(100, 'Le nom complet est obligatoire.'),
  /** A Guinean mobile, stored in E.164. */
  phone: requiredText(40, 'Le numéro de téléphone est obligatoire.'),
  email: z
    .union([z.email({ error: 'Adresse email invalide.' }).max(200), z.literal(''), z.null()])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : null)),
  /** At least 6 characters. */
  password: z
    .string({ error: 'Le mot de passe est obligatoire.' })
    .min(PASSWORD_MIN_LENGTH, { error: MESSAGES.passwordTooShort })
    .max(200, { error: 'Le mot de passe est trop long (200 caractères au plus).' }),
};
export type AccountInput = z.output<z.ZodObject<typeof AccountFields>>;

export const CreateDeliveryPersonSchema = z
  .object({
    ...AccountFields,
    role: requiredChoice(COURIER_ACCOUNT_ROLES, 'Le rôle du livreur est obligatoire.', 'Rôle invalide : salaried_delivery ou independent_delivery attendu.'),
    vehicle_type: optionalChoice(VEHICLE_TYPES, 'Type de véhicule invalide : moto, scooter, vélo, voiture ou tricycle attendu.'),
    license_number: optionalText(50),
    vehicle_registration: optionalText(50),
    vehicle_description: optionalText(300),
    id_type: requiredChoice(
      ID_TYPES,
      "Le type de pièce d'identité est obligatoire.",
      "Type de pièce d'identité invalide : carte_identite, passeport, permis_conduire ou carte_sejour attendu.",
    ),
    id_number: requiredText(50, "Le numéro de la pièce d'identité est obligatoire."),
    /** YYYY-MM-DD, not in the past. */
    id_expiry_date: z.iso.date({
      error: (issue) =>
        issue.input === undefined
          ? "La date d'expiration de la pièce d'identité est obligatoire."
          : "Date d'expiration invalide : format AAAA-MM-JJ attendu.",
    }),
    /** The photo_url of an upload to /upload/id-photo. */
    id_photo_url: requiredText(200, "La photo de la pièce d'identité est obligatoire."),
    /** The photo_url of an upload to /upload/personal-photo. */
    personal_photo_url: optionalText(200),
    blood_group: optionalChoice(BLOOD_GROUPS, 'Groupe sanguin invalide : A+, A-, B+, B-, AB+, AB-, O+ ou O- attendu.'),
    emergency_contact_name: requiredText(100, "Le nom du contact d'urgence est obligatoire."),
    /** A Guinean mobile. */
    emergency_contact_phone: requiredText(40, "Le téléphone du contact d'urgence est obligatoire."),
    emergency_contact_relationship: requiredChoice(
      EMERGENCY_RELATIONSHIPS,
      "Le lien avec le contact d'urgence est obligatoire.",
      "Lien avec le contact d'urgence invalide : parent, conjoint, frere_soeur, enfant, ami ou autre attendu.",
    ),
    address: optionalText(300),
    /** 0 to 50. */
    experience_years: z.preprocess(
      (value) => (value === '' ? null : value),
      z
        .number({ error: "Les années d'expérience doivent être un nombre." })
        .int({ error: "Les années d'expérience doivent être un nombre entier." })
        .min(MIN_EXPERIENCE_YEARS, { error: "Les années d'expérience doivent être comprises entre 0 et 50." })
        .max(MAX_EXPERIENCE_YEARS, { error: "Les années d'expérience doivent être comprises entre 0 et 50." })
        .nullish()
        .transform((value) => value ?? null),
    ),
    previous_employer: optionalText(100),
    bank_account: optionalText(60),
    bank_name: optionalChoice(
      PAYOUT_ACCOUNTS,
      'Banque invalide : bcrg, sgbg, uba, bicigui, ecobank, orange_money, mtn_momo ou moov_flooz attendu.',
    ),
  })
  .strict();
export type CreateDeliveryPersonInput = z.output<typeof CreateDeliveryPersonSchema>;

/**
 * What staff change in a courier's file (issue 38): the onboarding's own fields and rules, each optional (left out:
 * unchanged; an optional one sent empty or null: cleared). The phone (the courier's login), password and role are not
 * changed here.
 */
export const UpdateCourierFileSchema = CreateDeliveryPersonSchema.omit({ phone: true, password: true, role: true }).partial().strict();
export type UpdateCourierFileInput = z.output<typeof UpdateCourierFileSchema>;

/** The super administrator creates an admin: the fields every staff-made account has. */
export const CreateAdminSchema = z.object(AccountFields).strict();

export const AuditLogsQuery = z
  .object({
    // The spec's page shows 50.
    ...pageFields(50),
    action: optionalFilter(z.enum(AUDIT_ACTIONS, { error: 'Action inconnue.' })),
    resource_type: optionalText(60),
  })
  .loose();
export type AuditLogsInput = z.output<typeof AuditLogsQuery>;
