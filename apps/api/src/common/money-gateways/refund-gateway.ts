/**
 * Money given back through the payment provider's own refund call (README "Refunds"): MTN MoMo Disbursement's
 * `refund` when live, the sandbox otherwise. PayCard and Orange Money publish no refund call: their payments are
 * refunded by staff, by a transfer to the client's wallet (PayoutGateway).
 */

export interface RefundRequest {
  /** Our refund reference: a provider receiving the same reference twice refunds once. */
  reference: string;
  /** Whole GNF. */
  amount: number;
  /** The provider's reference of the payment to refund (MTN: the X-Reference-Id of its requesttopay). */
  paymentReference: string;
}

export type RefundState = { state: 'completed' } | { state: 'pending' } | { state: 'failed'; reason: string };

/**
 * Failures are `GatewayError`s: a non-retryable one from `refund` means the provider refused it (no money left);
 * anything else leaves the outcome unknown, and sending the same reference again is safe.
 */
export interface RefundGateway {
  refund(request: RefundRequest): Promise<{ providerReference: string }>;
  refundStatus(providerReference: string): Promise<RefundState>;
}

export const REFUND_GATEWAY = Symbol('REFUND_GATEWAY');

/** Development and tests: every refund is made at once. */
export class SandboxRefundGateway implements RefundGateway {
  async refund(request: RefundRequest): Promise<{ providerReference: string }> {
    return { providerReference: `SBX-${request.reference}` };
  }

  async refundStatus(): Promise<RefundState> {
    return { state: 'completed' };
  }
}
