import { KYC_MESSAGES } from '@coursa/domain';
import { badRequest, DomainError, notFound } from '../../common/errors/domain-error.js';

export const OnboardingErrors = {
  fileMissing: () => badRequest('FILE_MISSING', 'Aucun fichier reçu : envoyez la photo dans le champ « file ».'),
  photoTooLarge: () => new DomainError('FILE_TOO_LARGE', KYC_MESSAGES.photoTooLarge, 413),
  photoFormat: () => new DomainError('FILE_TYPE_NOT_ALLOWED', KYC_MESSAGES.photoFormat, 415),
  uploadBroken: () => badRequest('UPLOAD_INCOMPLETE', "Le fichier n'est pas arrivé en entier (formulaire incomplet ou mal formé) : réessayez l'envoi."),
  fileNotFound: () => notFound('FILE_NOT_FOUND', 'Fichier introuvable.'),
  idExpired: () => badRequest('ID_DOCUMENT_EXPIRED', "La pièce d'identité est expirée : sa date d'expiration est passée."),
  idPhotoUnknown: () =>
    badRequest('ID_PHOTO_INVALID', "Photo de la pièce d'identité introuvable : téléversez-la avec le formulaire puis réessayez."),
  personalPhotoUnknown: () =>
    badRequest('PERSONAL_PHOTO_INVALID', 'Photo personnelle introuvable : téléversez-la avec le formulaire puis réessayez.'),
  photoAlreadyUsed: () => badRequest('PHOTO_ALREADY_USED', "Cette photo appartient déjà au dossier d'un autre livreur."),
  invalidEmergencyPhone: () =>
    badRequest('INVALID_EMERGENCY_PHONE', "Téléphone du contact d'urgence invalide : utilisez un mobile guinéen (+224 6XX XX XX XX)."),
};
