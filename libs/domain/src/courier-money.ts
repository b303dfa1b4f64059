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

/**
 * The weekly run's decision for one courier (README "Courier money"), from what was earned and collected up to the
 * week's end (`week`, less what left since), their balance now and the cash already on its way to Coursa (mobile-money
 * deposits started, not netted a second time):
 * - `netted`: the commissions kept out of the cash they hold, as much taken from both accounts (the balance is unchanged);
 * - `pay`: what a payout sends, never more than the balance;
 * - `settlesAll`: whether everything earned up to the week's end is settled, so every unpaid commission of the week and
 *   before is; otherwise only those that fit whole in `netted + pay`.
 */
export function weeklyNetting(input: { week: { earnings: number; cash: number }; balance: number; pendingDeposits: number }): {
  netted: number;
  pay: number;
  settlesAll: boolean;
} {
  const nettable = input.week.cash - input.pendingDeposits;
  const netted = Math.min(Math.max(input.week.earnings, 0), Math.max(nettable, 0));
  const pay = Math.max(0, Math.min(input.week.earnings - netted, input.balance));
  return { netted, pay, settlesAll: pay === input.week.earnings - netted };
}

/** The unpaid commissions (oldest first) a weekly decision settles: all of them when everything earned is settled. */
export function weeklySettled<T extends { amount: number }>(decision: { netted: number; pay: number; settlesAll: boolean }, unpaidOldestFirst: readonly T[]): T[] {
  return decision.settlesAll ? [...unpaidOldestFirst] : commissionsWithin(unpaidOldestFirst, decision.netted + decision.pay);
}

/** What an approved early request sends: what is due now, up to the amount asked (0: nothing is due any more). */
export const earlyPayoutAmount = (requested: number, balances: Pick<CourierBalances, 'balance'>) => Math.min(requested, amountDue(balances));

/** Whether staff may pay `amount` by hand: never above what is due (the cash the courier holds is kept out of their pay). */
export const payoutAboveDue = (amount: number, balances: Pick<CourierBalances, 'balance'>) => amount > amountDue(balances);

/**
 * The cash a courier can hand over at the office: what they hold less their mobile-money deposits already on their way
 * (so many clicks at once credit one deposit of what is held, never more). `refused` when `amount` is more.
 */
export function officeDepositLimit(cashHeld: number, onTheirWay: number, amount: number): { refused: boolean; held: number } {
  return { refused: amount > cashHeld - onTheirWay, held: Math.max(0, cashHeld - onTheirWay) };
}

/**
 * What a courier may deposit by mobile money: what they owe now less their deposits already on their way. Refused when
 * nothing is owed, or above it.
 */
export function mobileDepositRefusal(balances: Pick<CourierBalances, 'cash_owed'>, onTheirWay: number, amount: number): { refusal: 'nothing_owed' | 'above_owed' | null; owed: number } {
  const owed = balances.cash_owed - onTheirWay;
  if (owed <= 0) return { refusal: 'nothing_owed', owed };
  if (amount > owed) return { refusal: 'above_owed', owed };
  return { refusal: null, owed };
}

/**
 * A correction downwards never takes an account below its floor (zero; the cash account: the mobile-money deposits on
 * their way): a larger one would be money the entries cannot explain. `left` is the most that may be taken out.
 */
export function adjustmentLimit(accountSum: number, floor: number, amount: number): { refused: boolean; left: number } {
  return { refused: amount < 0 && accountSum + amount < floor, left: Math.max(0, accountSum - floor) };
}
