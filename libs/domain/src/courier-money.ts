import { EARLY_PAYMENT_MESSAGES, MIN_EARLY_PAYMENT_GNF } from './commissions.js';
import { formatGnf } from './pricing.js';

/**
 * A courier's money, from the sums of their ledger's two accounts (the API's ledger keeps the entries):
 * - earnings: what the platform owes them (commissions earned, less payouts sent, plus payouts reversed);
 * - cash: client cash they hold (cash collected at handovers, less deposits and what was netted).
 * Commissions due are netted against the cash held: the courier keeps their pay out of the cash.
 */
export interface CourierBalances {
  /** Commissions due (earnings account). */
  earnings_due: number;
  /** Client cash in the courier's hands (cash account). */
  cash_held: number;
  /** What the courier owes the platform once their commissions due are kept out of the cash: 0 or more. */
  cash_owed: number;
  /** Cash handed to the platform so far. */
  cash_deposits: number;
  /** What the platform owes the courier, negative when the courier owes the platform. */
  balance: number;
}

export function courierBalances(sums: { earnings: number; cash: number; deposited: number }): CourierBalances {
  const balance = sums.earnings - sums.cash;
  return { earnings_due: sums.earnings, cash_held: sums.cash, cash_owed: Math.max(0, -balance), cash_deposits: sums.deposited, balance };
}

/** What a payout can send: the balance when the platform owes it, else nothing. */
export const amountDue = (balances: Pick<CourierBalances, 'balance'>) => Math.max(0, balances.balance);

/** A courier over the cash cap is offered no cash course until they deposit. */
export const isOverCashCap = (balances: Pick<CourierBalances, 'cash_owed'>, capGnf: number) => balances.cash_owed > capGnf;

export const COURIER_MONEY_MESSAGES = {
  overCashCap: (owed: string, cap: string) =>
    `Vous devez ${owed} d'espèces à Coursa (plafond ${cap}). Déposez la part de la plateforme par mobile money depuis « Mes gains » ou au bureau Coursa avant d'accepter une course payée en espèces.`,
} as const;

/**
 * The commissions a payment of `budget` pays: the oldest first while their sum stays within it, splitting none (a
 * commission the rest of the budget cannot cover whole stops the walk and stays pending, with every later one).
 */
export function commissionsWithin<T extends { amount: number }>(oldestFirst: readonly T[], budget: number): T[] {
  const paid: T[] = [];
  let left = budget;
  for (const commission of oldestFirst) {
    if (commission.amount > left) break;
    paid.push(commission);
    left -= commission.amount;
  }
  return paid;
}

/** Why a courier cannot ask for an early payment now (the button says it), or null when they can. */
export function earlyPaymentBlocked(balances: Pick<CourierBalances, 'balance' | 'cash_owed'>, minimum = MIN_EARLY_PAYMENT_GNF): string | null {
  if (balances.cash_owed > 0) return `Vous devez ${formatGnf(balances.cash_owed)} d'espèces à Coursa : déposez-les avant de demander un paiement anticipé.`;
  if (balances.balance <= 0) return "Rien ne vous est dû pour le moment : vos commissions ont été versées ou compensent vos espèces.";
  if (balances.balance < minimum) return EARLY_PAYMENT_MESSAGES.belowMinimum;
  return null;
}
