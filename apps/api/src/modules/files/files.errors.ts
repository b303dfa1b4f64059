import { KYC_MESSAGES } from '@coursa/domain';
import { badRequest, DomainError, notFound } from '../../common/errors/domain-error.js';

export const FilesErrors = {
  fileMissing: () => badRequest('FILE_MISSING', 'Aucun fichier reçu : envoyez la photo dans le champ « file ».'),
  photoTooLarge: () => new DomainError('FILE_TOO_LARGE', KYC_MESSAGES.photoTooLarge, 413),
  photoFormat: () => new DomainError('FILE_TYPE_NOT_ALLOWED', KYC_MESSAGES.photoFormat, 415),
  uploadBroken: () => badRequest('UPLOAD_INCOMPLETE', "Le fichier n'est pas arrivé en entier (formulaire incomplet ou mal formé) : réessayez l'envoi."),
  fileNotFound: () => notFound('FILE_NOT_FOUND', 'Fichier introuvable.'),
};
