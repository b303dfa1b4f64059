import { walletOperatorOf, type WalletOperator } from '@coursa/domain';
import { GatewayError } from './payment-gateway.js';

/**
 * Money sent to mobile-money wallets (couriers' pay, clients' refunds): the sandbox, or live MTN MoMo Disbursement.
 * Orange Money publishes no transfer (cash-in) API for Guinea (README "Courier money"): a live transfer to an Orange
 * wallet is refused, and staff pay it to an MTN wallet instead.
 */

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

/** The sandbox's wallet that refuses every transfer, like the declined test card (README "Courier money"). */
export const SANDBOX_FAILING_WALLET = '+224660999999';

/** Development and tests: every transfer is made at once, except to the failing test wallet. */
export class SandboxPayoutGateway implements PayoutGateway {
  async transfer(request: TransferRequest): Promise<{ providerReference: string }> {
    return { providerReference: `SBX-${request.phone === SANDBOX_FAILING_WALLET ? 'FAIL-' : ''}${request.reference}` };
  }

  async status(providerReference: string): Promise<TransferState> {
    return providerReference.startsWith('SBX-FAIL-') ? 'failed' : 'completed';
  }
}

/** No rail pays this wallet (an Orange wallet: Orange has no transfer API for Guinea): nothing was sent. */
export class NoRailError extends GatewayError {
  constructor(readonly operator: WalletOperator | null) {
    super(`no transfer rail for ${operator ?? 'this number'}`, false);
  }
}

/** Live: each wallet to its operator's rail; an operator without one is a refusal (nothing sent). */
export class OperatorPayoutGateway implements PayoutGateway {
  constructor(private readonly rails: Partial<Record<WalletOperator, PayoutGateway>>) {}

  async transfer(request: TransferRequest): Promise<{ providerReference: string }> {
    const operator = walletOperatorOf(request.phone);
    const rail = operator ? this.rails[operator] : undefined;
    if (!rail) throw new NoRailError(operator);
    return rail.transfer(request);
  }

  /** Only MTN transfers are ever sent live, so a reference is MTN's. */
  status(providerReference: string): Promise<TransferState> {
    return this.rails.mtn_momo!.status(providerReference);
  }
}
