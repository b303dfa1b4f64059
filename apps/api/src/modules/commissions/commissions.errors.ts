import { EARLY_PAYMENT_MESSAGES, formatGnf } from '@coursa/domain';
import { badRequest, conflict } from '../../common/errors/domain-error.js';

export const CommissionErrors = {
  belowMinimum: () => badRequest('EARLY_PAYMENT_BELOW_MINIMUM', EARLY_PAYMENT_MESSAGES.belowMinimum),
  aboveAvailable: (available: number) =>
    badRequest('EARLY_PAYMENT_ABOVE_AVAILABLE', `Le montant demandé dépasse ce qui vous est dû aujourd'hui (${formatGnf(available)}).`),
  requestAlreadyOpen: () =>
    conflict('PAYMENT_REQUEST_ALREADY_OPEN', "Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre."),
  weekNotOver: () =>
    badRequest('ISO_WEEK_NOT_OVER', "Cette semaine n'est pas encore terminée : ses commissions se paient une fois la semaine finie."),
};
