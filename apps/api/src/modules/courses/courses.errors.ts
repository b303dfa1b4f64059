import { badRequest, conflict, notFound } from '../../common/errors/domain-error.js';

export const CourseErrors = {
  notFound: () => notFound('COURSE_NOT_FOUND', 'Course introuvable.'),
  paymentRequired: () =>
    badRequest('PAYMENT_REQUIRED', 'Un paiement confirmé (payment_reference) ou le paiement à la livraison est nécessaire pour créer la course.'),
  twoPayments: () => badRequest('PAYMENT_AMBIGUOUS', 'Choisissez soit un paiement en ligne, soit le paiement à la livraison.'),
  invalidRecipientPhone: () =>
    badRequest('INVALID_RECIPIENT_PHONE', 'Téléphone du destinataire invalide : utilisez un mobile guinéen (+224 6XX XX XX XX).'),
  invalidContactPhone: () => badRequest('INVALID_CONTACT_PHONE', 'Téléphone de contact invalide : utilisez un numéro guinéen.'),
  photoUnknown: () =>
    badRequest('PARCEL_PHOTO_INVALID', 'Photo du colis introuvable : ajoutez-la depuis le formulaire de commande puis réessayez.'),
  photoAlreadyUsed: () => badRequest('PARCEL_PHOTO_ALREADY_USED', "Cette photo accompagne déjà une autre course : ajoutez-en une nouvelle."),
  notCancellable: () => conflict('COURSE_NOT_CANCELLABLE', 'Seule une course en attente peut être annulée.'),
};
