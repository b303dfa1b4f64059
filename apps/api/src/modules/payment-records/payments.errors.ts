import { formatGnf } from '@coursa/domain';
import { badRequest, conflict, DomainError, notFound, unprocessable } from '../../common/errors/domain-error.js';

export const PaymentErrors = {
  nothingToDeposit: () => conflict('NOTHING_TO_DEPOSIT', "Vous ne devez pas d'espèces à Coursa pour le moment."),
  depositAboveOwed: (owed: number) => badRequest('DEPOSIT_ABOVE_OWED', `Le dépôt dépasse ce que vous devez à Coursa (${formatGnf(owed)}).`),
  methodUnavailable: () => badRequest('PAYMENT_METHOD_UNAVAILABLE', "Ce moyen de paiement n'est pas disponible."),
  orderIdTaken: () => conflict('ORDER_ID_ALREADY_USED', 'Cette référence de commande a déjà servi. Recommencez le paiement.'),
  providerUnavailable: () =>
    new DomainError('PAYMENT_PROVIDER_UNAVAILABLE', 'Le service de paiement ne répond pas. Réessayez dans un instant.', 502),
  providerRefused: () => new DomainError('PAYMENT_REFUSED', 'Le paiement a été refusé par le prestataire.', 402),
  cardDeclined: () => new DomainError('CARD_DECLINED', 'Carte refusée. Vérifiez les informations ou utilisez une autre carte.', 402),
  invalidCard: () => badRequest('INVALID_CARD', 'Numéro de carte invalide.'),
  cardExpired: () => badRequest('CARD_EXPIRED', 'Cette carte est expirée.'),
  invalidMobileMoneyPhone: (method: string) =>
    badRequest('INVALID_PAYER_PHONE', `Numéro ${method} invalide : utilisez un numéro guinéen de l'opérateur choisi.`),
  notFound: () => notFound('PAYMENT_NOT_FOUND', 'Paiement introuvable.'),
  notConfirmed: () => conflict('PAYMENT_NOT_CONFIRMED', "Ce paiement n'est pas (encore) confirmé."),
  notRefundable: () => conflict('PAYMENT_NOT_REFUNDABLE', "Ce paiement a déjà sa course ou son remboursement : rien à rembourser."),
  alreadyUsed: () => conflict('PAYMENT_ALREADY_USED', 'Ce paiement a déjà servi pour une autre course.'),
  amountMismatch: () =>
    unprocessable('PAYMENT_AMOUNT_MISMATCH', 'Le montant payé ne correspond pas au prix de cette course.'),
};
