// What decides how a client's money goes back, and how staff record money that moved outside Coursa (README "Refunds"
// and "Reconciliation").

/**
 * MTN MoMo is the one provider with a refund call, for the payments collected on Coursa's own MTN account. PayCard
 * (whatever wallet the client paid it from), Orange Money and card payments have none: staff send them to the client's
 * wallet.
 */
export function refundsThroughProvider(payment: { provider: string; providerReference: string | null }): boolean {
  return payment.provider === 'mtn_momo' && payment.providerReference !== null;
}

/** The first attempt's reference, one per payment. */
export const refundReference = (orderId: string): string => `REFUND-${orderId}`;

/**
 * The reference of the attempt after a failed one (-R2, -R3…): the operator refuses a reference it has already
 * seen, and the failed one stays its record of that attempt.
 */
export function nextAttemptReference(reference: string): string {
  const match = /^(.*)-R(\d+)$/.exec(reference);
  return match ? `${match[1]}-R${Number(match[2]) + 1}` : `${reference}-R2`;
}

/** A refund or payout staff settled outside Coursa: what it keeps of it, and its audit line, with who recorded it. */
export const paidOutsideRecord = (input: { method: string; reference: string; note?: string | null }, staffId: string) => ({
  method: input.method,
  reference: input.reference,
  note: input.note ?? null,
  recorded_by: staffId,
});
