import { forbidden, notFound } from '../../common/errors/domain-error.js';

/** Merchant accounts (issue 40). */
export const MerchantErrors = {
  notMerchant: () => forbidden('NOT_A_MERCHANT', 'Réservé aux comptes marchands : demandez à Coursa d’ouvrir le vôtre.'),
  notFound: () => notFound('MERCHANT_NOT_FOUND', 'Marchand introuvable.'),
};
