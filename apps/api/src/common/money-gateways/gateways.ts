import type { AppConfig } from '../config/config.js';
import type { RedisService } from '../redis/redis.service.js';
import type { GatewayName, Gateways } from './payment-gateway.js';
import { SandboxPayoutGateway, type PayoutGateway } from './payout-gateway.js';
import { SandboxRefundGateway, type RefundGateway } from './refund-gateway.js';
import { SandboxGateway } from './sandbox.gateway.js';

// The providers that move money: payment gateways (clients pay a course) and the payout gateway (couriers are
// paid), side by side for the payments and payouts modules.

export const PAYMENT_GATEWAYS = Symbol('PAYMENT_GATEWAYS');

/** The gateway of each payment method, as PAYMENT_DRIVER says. */
export async function createGateways(config: AppConfig, redis: RedisService): Promise<Gateways> {
  if (config.PAYMENT_DRIVER === 'sandbox') {
    const sandbox = (name: GatewayName) => new SandboxGateway(name, redis, config.PUBLIC_URL);
    return { paycard: sandbox('paycard'), orange_money: sandbox('orange_money'), mtn_momo: sandbox('mtn_momo'), card: sandbox('card') };
  }
  const { liveGateways } = await import('./live-gateways.js');
  return liveGateways(config);
}

/** Couriers' payouts: made at once in the sandbox; live, MTN MoMo Disbursement, or null when it is not set up. */
export async function createPayoutGateway(config: AppConfig): Promise<PayoutGateway | null> {
  if (config.PAYMENT_DRIVER === 'sandbox') return new SandboxPayoutGateway();
  const { livePayoutGateway } = await import('./live-gateways.js');
  return livePayoutGateway(config);
}

/** Refunds through the provider's own call (MTN MoMo): at once in the sandbox; live, Disbursement, or null when it is not set up. */
export async function createRefundGateway(config: AppConfig): Promise<RefundGateway | null> {
  if (config.PAYMENT_DRIVER === 'sandbox') return new SandboxRefundGateway();
  const { liveRefundGateway } = await import('./live-gateways.js');
  return liveRefundGateway(config);
}
