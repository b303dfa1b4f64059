import { EARLY_PAYMENT_MESSAGES, formatGnf } from '@coursa/domain';
import { badRequest, conflict } from '../../common/errors/domain-error.js';

export const CommissionErrors = {
  belowMinimum: () => badRequest('EARLY_PAYMENT_BELOW_MINIMUM', EARLY_PAYMENT_MESSAGES.belowMinimum),
  aboveAvailable: (available: number) =>
    badRequest('EARLY_PAYMENT_ABOVE_AVAILABLE', `Le montant demandé dépasse vos commissions en attente (${formatGnf(available)}).`),
  requestAlreadyOpen: () =>
    conflict('PAYMENT_REQUEST_ALREADY_OPEN', "Vous avez déjà une demande de paiement en attente. Attendez sa réponse avant d'en faire une autre."),
  weekNotStarted: () => badRequest('ISO_WEEK_NOT_STARTED', "Cette semaine n'a pas encore commencé."),
};
