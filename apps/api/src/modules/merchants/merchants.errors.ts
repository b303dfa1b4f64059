import { monthLabel, settleableFrom } from '@coursa/domain';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../common/errors/domain-error.js';

/** Merchant accounts (issue 40). */
export const MerchantErrors = {
  notMerchant: () => forbidden('NOT_A_MERCHANT', 'Réservé aux comptes marchands : demandez à Coursa d’ouvrir le vôtre.'),
  notFound: () => notFound('MERCHANT_NOT_FOUND', 'Marchand introuvable.'),
  /** Staff make a merchant of a client's account only: a courier's, a staff member's, a deleted or unknown one is none. */
  accountNotFound: () => notFound('MERCHANT_NOT_FOUND', 'Compte client introuvable : seul un compte client peut devenir marchand.'),
  invalidContactPhone: () =>
    badRequest('INVALID_CONTACT_PHONE', 'Téléphone du contact de retrait invalide : utilisez un numéro mobile guinéen (par exemple 620 00 00 01).'),
  monthNotEnded: (month: string) =>
    unprocessable(
      'STATEMENT_MONTH_NOT_ENDED',
      `Le mois n’est pas terminé : le relevé de ${monthLabel(month)} pourra être réglé à partir du ${settleableFrom(month)}.`,
    ),
  alreadySettled: (month: string) => conflict('STATEMENT_ALREADY_SETTLED', `Le relevé de ${monthLabel(month)} est déjà réglé.`),
  nothingToSettle: (month: string) => unprocessable('STATEMENT_EMPTY', `Rien à régler : aucune course livrée sur relevé en ${monthLabel(month)}.`),
};
