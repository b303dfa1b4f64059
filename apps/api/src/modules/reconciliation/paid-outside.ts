import type { MarkPaidOutsideInput } from '@coursa/contracts/schemas';

/** What the refund or payout keeps of it, and its audit line, with who recorded it. */
export const paidOutsideRecord = (input: MarkPaidOutsideInput, staffId: string) => ({
  method: input.method,
  reference: input.reference,
  note: input.note ?? null,
  recorded_by: staffId,
});
