import { formatGnf } from '@coursa/domain';
import { badRequest, conflict, DomainError, notFound, serviceUnavailable } from '../../common/errors/domain-error.js';
import { LedgerErrors } from '../ledger/ledger.errors.js';

export const PayoutErrors = {
  requestNotFound: () => notFound('PAYMENT_REQUEST_NOT_FOUND', 'Demande de paiement introuvable.'),
  requestAlreadyHandled: () => conflict('PAYMENT_REQUEST_ALREADY_HANDLED', 'Cette demande a déjà été traitée.'),
  requestNotCovered: () =>
    conflict('PAYMENT_REQUEST_NOT_COVERED', 'Les commissions en attente de ce livreur ne couvrent plus le montant demandé.'),
  nothingDue: () => conflict('NOTHING_DUE', "Rien n'est dû à ce livreur pour le moment : son solde a déjà été versé ou compense ses espèces."),
  aboveBalance: (due: number) =>
    conflict('PAYOUT_ABOVE_BALANCE', `Le solde dû à ce livreur est de ${formatGnf(due)} : les espèces qu'il détient sont déduites de ses commissions.`),
  walletNotSupported: () =>
    badRequest('PAYOUT_WALLET_INVALID', 'Numéro Orange Money (62X) ou MTN MoMo (66X) attendu, au format +224 6XX XX XX XX.'),
  courierNotFound: LedgerErrors.courierNotFound,
  commissionNotFound: () => notFound('COMMISSION_NOT_FOUND', 'Commission introuvable pour ce livreur.'),
  alreadyPaid: () => conflict('COMMISSIONS_ALREADY_PAID', 'Ces commissions ont déjà été payées ou sont en cours de paiement.'),
  payoutNotFound: () => notFound('PAYOUT_NOT_FOUND', 'Paiement introuvable.'),
  notInTransfer: () => conflict('PAYOUT_NOT_IN_TRANSFER', "Ce paiement n'attend pas de confirmation de l'opérateur."),
  noRail: () =>
    conflict('PAYOUT_NO_RAIL', "Aucun virement possible vers ce portefeuille : payez ce livreur hors Coursa, puis « Marquer comme payé hors Coursa »."),
  notWaitingOutside: () => conflict('PAYOUT_NOT_WAITING', "Ce paiement n'attend pas de paiement hors Coursa : il est réglé, ou en cours chez l'opérateur."),
  transferFailed: () => new DomainError('PAYOUT_FAILED', 'Le virement a échoué : le montant est remis au solde du livreur.', 502),
  transferUnconfirmed: () =>
    new DomainError(
      'PAYOUT_UNCONFIRMED',
      "L'opérateur n'a pas confirmé le virement : il reste en cours. Vérifiez son état avant de réessayer.",
      502,
    ),
  notConfigured: () => serviceUnavailable('PAYOUTS_NOT_CONFIGURED', "Les virements aux livreurs (MTN MoMo Disbursement) ne sont pas configurés."),
};
