/** Merchants' webhooks (issue 40): how many endpoints a merchant keeps, and when a failed webhook is tried again. */

/** Endpoints one merchant may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;

/**
 * The waits before each retry of a webhook, in multiples of the first (WEBHOOK_RETRY_BASE_MS, 30 s): 30 s, 2 min,
 * 10 min, 1 h, 3 h, 6 h, 12 h, 24 h, 24 h. Ten tries over about 70 hours: a receiver down for up to three days still
 * gets every event.
 */
export const WEBHOOK_RETRY_STEPS = [1, 4, 20, 120, 360, 720, 1440, 2880, 2880] as const;

/** Tries of one webhook at most: the first and one per step. */
export const WEBHOOK_MAX_TRIES = WEBHOOK_RETRY_STEPS.length + 1;

/**
 * The wait before the next try once `tries` tries have failed, or null when it was the last one (`maxTries`, at most
 * WEBHOOK_MAX_TRIES): the webhook has then failed for good.
 */
export function webhookRetryDelay(tries: number, baseMs: number, maxTries: number = WEBHOOK_MAX_TRIES): number | null {
  if (tries >= Math.min(maxTries, WEBHOOK_MAX_TRIES)) return null;
  return WEBHOOK_RETRY_STEPS[Math.max(tries, 1) - 1]! * baseMs;
}
