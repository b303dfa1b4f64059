/** A mobile-money deposit the courier started and the operator has not confirmed yet. */
export interface PendingDeposit {
  amount: number;
  /** The courier's deposits total when it started: the deposit is credited once the total has grown by `amount`. */
  deposits_before: number;
  started_at: number;
  /** The wallet the operator's approval prompt went to, when it has no page (MTN MoMo asks the phone, issue 34). */
  prompt_phone?: string;
}

const KEY = 'coursa.pending-deposit';

/** Kept for this tab only: it must outlive the trip to the provider's page, not the browser session. */
export const pendingDeposit = {
  save: (deposit: PendingDeposit) => sessionStorage.setItem(KEY, JSON.stringify(deposit)),
  load(): PendingDeposit | null {
    try {
      return JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as PendingDeposit | null;
    } catch {
      return null;
    }
  },
  clear: () => sessionStorage.removeItem(KEY),
};
