/** Courier onboarding (back-office spec §3 "Delivery person creation payload", §5, §9): the KYC file's rules. */
import { toGuineanMobile, walletOperatorOf } from './phone.js';

export const VEHICLE_TYPES = ['moto', 'scooter', 'vélo', 'voiture', 'tricycle'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

export const ID_TYPES = ['carte_identite', 'passeport', 'permis_conduire', 'carte_sejour'] as const;
export type IdType = (typeof ID_TYPES)[number];

export const BLOOD_GROUPS = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];

export const EMERGENCY_RELATIONSHIPS = ['parent', 'conjoint', 'frere_soeur', 'enfant', 'ami', 'autre'] as const;
export type EmergencyRelationship = (typeof EMERGENCY_RELATIONSHIPS)[number];

/** Where a courier is paid: the banks, then the mobile-money wallets. */
export const PAYOUT_ACCOUNTS = ['bcrg', 'sgbg', 'uba', 'bicigui', 'ecobank', 'orange_money', 'mtn_momo', 'moov_flooz'] as const;
export type PayoutAccount = (typeof PAYOUT_ACCOUNTS)[number];

/** The roles a delivery person can be created with. */
export const COURIER_ACCOUNT_ROLES = ['salaried_delivery', 'independent_delivery'] as const;

export const MIN_EXPERIENCE_YEARS = 0;
export const MAX_EXPERIENCE_YEARS = 50;

/** 5 MB, as the spec counts it. */
export const MAX_PHOTO_BYTES = 5_242_880;

export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const KYC_MESSAGES = {
  walletInvalid: (bankName: 'orange_money' | 'mtn_momo') =>
    bankName === 'orange_money'
      ? 'Numéro Orange Money invalide : un mobile guinéen en 62X (+224 62X XX XX XX) est attendu.'
      : 'Numéro MTN MoMo invalide : un mobile guinéen en 66X (+224 66X XX XX XX) est attendu.',
  photoTooLarge: 'Fichier trop volumineux. Maximum 5MB.',
  photoFormat: 'Format de fichier non autorisé. Utilisez JPG, PNG ou WebP.',
  courierCreated: 'Livreur créé avec succès! Dossier KYC complet.',
} as const;

/** An identity document (expiry as YYYY-MM-DD) is valid through its expiry day; Conakry keeps UTC all year. */
export function isIdDocumentExpired(expiryDate: string, now: Date): boolean {
  return expiryDate < now.toISOString().slice(0, 10);
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));

/** The photo's type from its first bytes (JPEG, PNG or WebP), whatever its name or declared type says; null otherwise. */
export function photoTypeOf(bytes: Uint8Array): PhotoType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

/**
 * The account number a KYC file keeps for its payout account (issue 38): an Orange Money or MTN MoMo wallet, which the
 * weekly run pays, must be a mobile of that operator's block (62X, 66X) and is kept in E.164; a bank account or
 * another wallet is kept as typed. `refused` when the wallet is not one of its operator.
 */
export function kycPayoutAccount(bankName: PayoutAccount | null, bankAccount: string | null): { account: string | null } | 'refused' {
  if (!bankAccount || (bankName !== 'orange_money' && bankName !== 'mtn_momo')) return { account: bankAccount };
  const phone = toGuineanMobile(bankAccount);
  return phone && walletOperatorOf(phone) === bankName ? { account: phone } : 'refused';
}
