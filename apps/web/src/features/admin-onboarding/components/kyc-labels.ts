import type { EmergencyRelationship, IdType, PayoutAccount, VehicleType } from '@coursa/domain';

/** French labels of the KYC enumerations (back-office spec §3); the values themselves come from @coursa/domain. */
export const VEHICLE_TYPE_LABELS: Record<VehicleType, string> = {
  moto: 'Moto',
  scooter: 'Scooter',
  vélo: 'Vélo',
  voiture: 'Voiture',
  tricycle: 'Tricycle',
};

export const ID_TYPE_LABELS: Record<IdType, string> = {
  carte_identite: "Carte d'identité",
  passeport: 'Passeport',
  permis_conduire: 'Permis de conduire',
  carte_sejour: 'Carte de séjour',
};

export const RELATIONSHIP_LABELS: Record<EmergencyRelationship, string> = {
  parent: 'Parent',
  conjoint: 'Conjoint(e)',
  frere_soeur: 'Frère / Sœur',
  enfant: 'Enfant',
  ami: 'Ami(e)',
  autre: 'Autre',
};

export const PAYOUT_ACCOUNT_LABELS: Record<PayoutAccount, string> = {
  bcrg: 'BCRG',
  sgbg: 'Société Générale Guinée (SGBG)',
  uba: 'UBA',
  bicigui: 'BICIGUI',
  ecobank: 'Ecobank',
  orange_money: 'Orange Money',
  mtn_momo: 'MTN Mobile Money',
  moov_flooz: 'Moov Flooz',
};

export const BANKS: readonly PayoutAccount[] = ['bcrg', 'sgbg', 'uba', 'bicigui', 'ecobank'];
export const WALLETS: readonly PayoutAccount[] = ['orange_money', 'mtn_momo', 'moov_flooz'];
