import type { AppConfig } from '../config/config.js';
import type { Gateways } from './payment-gateway.js';
import { OperatorPayoutGateway, type PayoutGateway } from './payout-gateway.js';
import { MtnMomoDisbursementGateway, MtnMomoGateway, type MtnMomoSettings } from './mtn-momo.gateway.js';
import { OrangeMoneyGateway } from './orange-money.gateway.js';
import { PayCardGateway } from './paycard.gateway.js';
import type { RefundGateway } from './refund-gateway.js';

/**
 * PAYMENT_DRIVER=live: the providers' real APIs (loadConfig has checked their credentials). Card payments go
 * through PayCard's hosted card page (`jump-to-cc`): card numbers never reach a provider through us.
 */
export function liveGateways(config: AppConfig): Gateways {
  const paycard = new PayCardGateway({ baseUrl: config.PAYCARD_BASE_URL, merchantCode: config.PAYCARD_MERCHANT_CODE! });
  return {
    paycard,
    card: paycard,
    orange_money: new OrangeMoneyGateway({
      baseUrl: config.ORANGE_MONEY_BASE_URL,
      clientId: config.ORANGE_MONEY_CLIENT_ID!,
      clientSecret: config.ORANGE_MONEY_CLIENT_SECRET!,
      merchantKey: config.ORANGE_MONEY_MERCHANT_KEY!,
      countryPath: config.ORANGE_MONEY_COUNTRY,
      lang: 'fr',
    }),
    mtn_momo: new MtnMomoGateway({
      baseUrl: config.MTN_MOMO_BASE_URL,
      subscriptionKey: config.MTN_MOMO_SUBSCRIPTION_KEY!,
      apiUser: config.MTN_MOMO_API_USER!,
      apiKey: config.MTN_MOMO_API_KEY!,
      targetEnvironment: config.MTN_MOMO_TARGET_ENVIRONMENT,
    }),
  };
}

/** MTN MoMo Disbursement, with its own credentials; null while they are not configured. */
export function livePayoutGateway(config: AppConfig): PayoutGateway | null {
  const subscriptionKey = config.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY;
  const apiUser = config.MTN_MOMO_DISBURSEMENT_API_USER;
  const apiKey = config.MTN_MOMO_DISBURSEMENT_API_KEY;
  if (!subscriptionKey || !apiUser || !apiKey) return null;
  const mtn = new MtnMomoDisbursementGateway({
    baseUrl: config.MTN_MOMO_BASE_URL,
    subscriptionKey,
    apiUser,
    apiKey,
    targetEnvironment: config.MTN_MOMO_TARGET_ENVIRONMENT,
  });
  return new OperatorPayoutGateway({ mtn_momo: mtn });
}

/** MTN MoMo's refund call, a Disbursement call with the payouts' credentials; null while they are not configured. */
export function liveRefundGateway(config: AppConfig): RefundGateway | null {
  const settings = disbursementSettings(config);
  return settings && new MtnMomoDisbursementGateway(settings);
}

function disbursementSettings(config: AppConfig): MtnMomoSettings | null {
  const subscriptionKey = config.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY;
  const apiUser = config.MTN_MOMO_DISBURSEMENT_API_USER;
  const apiKey = config.MTN_MOMO_DISBURSEMENT_API_KEY;
  if (!subscriptionKey || !apiUser || !apiKey) return null;
  return { baseUrl: config.MTN_MOMO_BASE_URL, subscriptionKey, apiUser, apiKey, targetEnvironment: config.MTN_MOMO_TARGET_ENVIRONMENT };
}
