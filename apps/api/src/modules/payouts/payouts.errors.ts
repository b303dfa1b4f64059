import { conflict, DomainError, notFound, serviceUnavailable } from '../../common/errors/domain-error.js';

export const PayoutErrors = {
  requestNotFound: () => notFound('PAYMENT_REQUEST_NOT_FOUND', 'Demande de paiement introuvable.'),
  requestAlreadyHandled: () => conflict('PAYMENT_REQUEST_ALREADY_HANDLED', 'Cette demande a déjà été traitée.'),
  requestNotCovered: () =>
    conflict('PAYMENT_REQUEST_NOT_COVERED', 'Les commissions en attente de ce livreur ne couvrent plus le montant demandé.'),
  courierNotFound: () => notFound('COURIER_NOT_FOUND', 'Livreur introuvable.'),
  commissionNotFound: () => notFound('COMMISSION_NOT_FOUND', 'Commission introuvable pour ce livreur.'),
  alreadyPaid: () => conflict('COMMISSIONS_ALREADY_PAID', 'Ces commissions ont déjà été payées ou sont en cours de paiement.'),
  payoutNotFound: () => notFound('PAYOUT_NOT_FOUND', 'Paiement introuvable.'),
  notInTransfer: () => conflict('PAYOUT_NOT_IN_TRANSFER', "Ce paiement n'attend pas de confirmation de l'opérateur."),
  transferFailed: () => new DomainError('PAYOUT_FAILED', "Le virement a échoué : les commissions restent à payer.", 502),
  transferUnconfirmed: () =>
    new DomainError(
      'PAYOUT_UNCONFIRMED',
      "L'opérateur n'a pas confirmé le virement : il reste en cours. Vérifiez son état avant de réessayer.",
      502,
    ),
  notConfigured: () => serviceUnavailable('PAYOUTS_NOT_CONFIGURED', "Les virements aux livreurs (MTN MoMo Disbursement) ne sont pas configurés."),
};
