/** Money sent to couriers' mobile-money wallets: the sandbox, or MTN MoMo Disbursement when live. */

export interface TransferRequest {
  /** Our payout reference: a provider receiving the same reference twice sends the money once. */
  reference: string;
  /** Whole GNF. */
  amount: number;
  /** E.164, the courier's wallet. */
  phone: string;
}

export type TransferState = 'completed' | 'pending' | 'failed';

/**
 * Failures are `GatewayError`s: a non-retryable one from `transfer` means the provider refused it (no money
 * left); anything else leaves the outcome unknown.
 */
export interface PayoutGateway {
  transfer(request: TransferRequest): Promise<{ providerReference: string }>;
  status(providerReference: string): Promise<TransferState>;
}

export const PAYOUT_GATEWAY = Symbol('PAYOUT_GATEWAY');

/** Development and tests: every transfer is made at once. */
export class SandboxPayoutGateway implements PayoutGateway {
  async transfer(request: TransferRequest): Promise<{ providerReference: string }> {
    return { providerReference: `SBX-${request.reference}` };
  }

  async status(): Promise<TransferState> {
    return 'completed';
  }
}
