import { KYC_MESSAGES } from '@coursa/domain';
import { badRequest, conflict, notFound } from '../../common/errors/domain-error.js';

export const OnboardingErrors = {
  idExpired: () => badRequest('ID_DOCUMENT_EXPIRED', "La pièce d'identité est expirée : sa date d'expiration est passée."),
  idPhotoUnknown: () =>
    badRequest('ID_PHOTO_INVALID', "Photo de la pièce d'identité introuvable : téléversez-la avec le formulaire puis réessayez."),
  personalPhotoUnknown: () =>
    badRequest('PERSONAL_PHOTO_INVALID', 'Photo personnelle introuvable : téléversez-la avec le formulaire puis réessayez.'),
  photoAlreadyUsed: () => badRequest('PHOTO_ALREADY_USED', "Cette photo appartient déjà au dossier d'un autre livreur."),
  invalidWallet: (bankName: 'orange_money' | 'mtn_momo') => badRequest('INVALID_WALLET', KYC_MESSAGES.walletInvalid(bankName)),
  courierNotFound: () => notFound('COURIER_NOT_FOUND', 'Livreur introuvable.'),
  fileMissing: () => conflict('COURIER_FILE_MISSING', "Ce livreur n'a pas de dossier KYC : il a été créé sans le formulaire « Nouveau livreur »."),
  nothingToChange: () => badRequest('NOTHING_TO_CHANGE', 'Aucun champ à modifier : indiquez au moins une valeur du dossier.'),
  invalidEmergencyPhone: () =>
    badRequest('INVALID_EMERGENCY_PHONE', "Téléphone du contact d'urgence invalide : utilisez un mobile guinéen (+224 6XX XX XX XX)."),
};
