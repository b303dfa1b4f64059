import { badRequest } from '../../common/errors/domain-error.js';

export const OnboardingErrors = {
  idExpired: () => badRequest('ID_DOCUMENT_EXPIRED', "La pièce d'identité est expirée : sa date d'expiration est passée."),
  idPhotoUnknown: () =>
    badRequest('ID_PHOTO_INVALID', "Photo de la pièce d'identité introuvable : téléversez-la avec le formulaire puis réessayez."),
  personalPhotoUnknown: () =>
    badRequest('PERSONAL_PHOTO_INVALID', 'Photo personnelle introuvable : téléversez-la avec le formulaire puis réessayez.'),
  photoAlreadyUsed: () => badRequest('PHOTO_ALREADY_USED', "Cette photo appartient déjà au dossier d'un autre livreur."),
  invalidEmergencyPhone: () =>
    badRequest('INVALID_EMERGENCY_PHONE', "Téléphone du contact d'urgence invalide : utilisez un mobile guinéen (+224 6XX XX XX XX)."),
};
