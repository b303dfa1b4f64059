import { badRequest, notFound } from '../../common/errors/domain-error.js';

/** The public API, version 1 (issue 40). */
export const PublicApiErrors = {
  /** Another merchant's delivery, a guessed id or none: one answer, which says nothing of which. */
  deliveryNotFound: () => notFound('DELIVERY_NOT_FOUND', 'Livraison introuvable.'),
  paymentPhoneRequired: () =>
    badRequest('PAYMENT_PHONE_REQUIRED', 'Votre compte paie chaque livraison par mobile money : indiquez « payment_phone », le numéro Orange Money ou MTN MoMo à débiter.'),
  paymentPhoneInvalid: () =>
    badRequest('PAYMENT_PHONE_INVALID', '« payment_phone » doit être un numéro Orange Money (62X) ou MTN MoMo (66X) : +224 6XX XX XX XX.'),
  trackingLinkUnavailable: () =>
    notFound('TRACKING_LINK_UNAVAILABLE', 'Cette livraison n’a pas de lien de suivi à relire : seules les livraisons commandées par /api/v1 le gardent.'),
};
