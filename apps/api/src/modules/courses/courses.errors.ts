import { COURSE_STATUS_LABELS, type CourseStatus } from '@coursa/domain';
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
  courierNotFound: () => notFound('COURIER_NOT_FOUND', 'Livreur introuvable.'),
  courierNotAvailable: (name: string) =>
    conflict('COURIER_NOT_AVAILABLE', `${name} n'est pas disponible (hors service ou compte désactivé) : choisissez un livreur disponible.`),
  notAssignable: (status: CourseStatus) =>
    conflict('COURSE_NOT_ASSIGNABLE', `Cette course est « ${COURSE_STATUS_LABELS[status]} » : elle ne peut pas être confiée à un livreur.`),
  sameCourier: () => conflict('SAME_COURIER', 'Cette course est déjà confiée à ce livreur.'),
  changedMeanwhile: () => conflict('COURSE_CHANGED', 'Cette course vient de changer : rechargez la liste et réessayez.'),
};
