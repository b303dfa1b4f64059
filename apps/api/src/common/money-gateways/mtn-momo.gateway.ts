import { createHash, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { basicAuthorization } from '../http/basic-authorization.js';
import { OAuthTokenCache } from '../http/oauth-token-cache.js';
import { answerOf, callProvider, ensureOk, gnfAmount, TokenAnswer } from './provider-http.js';
import {
  GatewayError,
  type InitiateRequest,
  type Initiated,
  type PaymentGateway,
  type PaymentRecord,
  type ProviderState,
  type StatusAnswer,
} from './payment-gateway.js';
import type { PayoutGateway, TransferRequest, TransferState } from './payout-gateway.js';
import type { RefundGateway, RefundRequest, RefundState } from './refund-gateway.js';

export interface MtnMomoSettings {
  baseUrl: string;
  /** The product's subscription key (`Ocp-Apim-Subscription-Key`): Collection and Disbursement each have one. */
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** `sandbox`, or the operator's environment name in production (e.g. `mtnguineaconakry`). */
  targetEnvironment: string;
}

const PROVIDER = 'MTN MoMo';

const RequestToPay = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  amount: gnfAmount,
  reason: z.union([z.string(), z.object({ code: z.string().nullish(), message: z.string().nullish() })]).nullish(),
});

const STATES: Record<z.infer<typeof RequestToPay>['status'], ProviderState> = {
  PENDING: 'pending',
  SUCCESSFUL: 'paid',
  FAILED: 'failed',
};

/**
 * MTN MoMo Collection: a token from `POST {base}/collection/token/`, then `requesttopay` asks the payer's phone to
 * approve, and `GET …/requesttopay/{reference id}` tells the outcome. There is no payment page.
 */
export class MtnMomoGateway implements PaymentGateway {
  private readonly collectionUrl: string;
  private readonly tokens: OAuthTokenCache;

  constructor(private readonly settings: MtnMomoSettings) {
    this.collectionUrl = `${settings.baseUrl.replace(/\/+$/, '')}/collection`;
    this.tokens = productTokens(this.collectionUrl, settings);
  }

  async initiate(request: InitiateRequest): Promise<Initiated> {
    if (!request.payerPhone) throw new GatewayError(`${PROVIDER} needs the payer's phone number`, false);
    // Our id for the request, chosen before sending it: MTN knows the payment by it.
    const referenceId = randomUUID();
    const body = {
      amount: String(request.amount),
      currency: 'GNF',
      externalId: request.orderId,
      payer: { partyIdType: 'MSISDN', partyId: request.payerPhone.replace(/^\+/, '') },
      payerMessage: request.description,
      payeeNote: request.orderId,
    };
    const response = await this.tokens.send((accessToken) =>
      callProvider(PROVIDER, 'request to pay', `${this.collectionUrl}/v1_0/requesttopay`, {
        method: 'POST',
        headers: {
          ...productHeaders(this.settings, accessToken),
          'x-reference-id': referenceId,
          'x-callback-url': request.notifyUrl,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      }),
    );
    await ensureOk(PROVIDER, 'request to pay', response);
    return { providerReference: referenceId };
  }

  async status(payment: PaymentRecord): Promise<StatusAnswer> {
    const url = `${this.collectionUrl}/v1_0/requesttopay/${encodeURIComponent(payment.providerReference)}`;
    const response = await this.tokens.send((accessToken) =>
      callProvider(PROVIDER, 'status check', url, { headers: productHeaders(this.settings, accessToken) }),
    );
    const answer = await answerOf(PROVIDER, 'status check', response, RequestToPay);
    const state = STATES[answer.status];
    if (state === 'paid') return { state, paidAmount: answer.amount };
    const reason = typeof answer.reason === 'string' ? answer.reason : (answer.reason?.code ?? undefined);
    return state === 'failed' && reason ? { state, reason } : { state };
  }
}

const Transfer = z.object({ status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']) });

const TRANSFER_STATES: Record<z.infer<typeof Transfer>['status'], TransferState> = {
  PENDING: 'pending',
  SUCCESSFUL: 'completed',
  FAILED: 'failed',
};

/** MTN gives a failure's reason as a code, or as `{code, message}` in some of its SDKs. */
const RefundAnswer = z.object({
  status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']),
  reason: z.union([z.string(), z.object({ code: z.string().nullish(), message: z.string().nullish() })]).nullish(),
});

/**
 * MTN MoMo Disbursement: a token from `POST {base}/disbursement/token/`, then `transfer` sends money to a wallet
 * and `GET …/transfer/{reference id}` tells the outcome; `refund` gives a collected payment back to its payer and
 * `GET …/refund/{reference id}` tells that outcome. The reference id is derived from our payout or refund
 * reference, so sending one again is answered 409 by MTN instead of paying twice.
 */
export class MtnMomoDisbursementGateway implements PayoutGateway, RefundGateway {
  private readonly disbursementUrl: string;
  private readonly tokens: OAuthTokenCache;

  constructor(private readonly settings: MtnMomoSettings) {
    this.disbursementUrl = `${settings.baseUrl.replace(/\/+$/, '')}/disbursement`;
    this.tokens = productTokens(this.disbursementUrl, settings);
  }

  async transfer(request: TransferRequest): Promise<{ providerReference: string }> {
    return this.sendOnce('transfer', request.reference, {
      amount: String(request.amount),
      currency: 'GNF',
      externalId: request.reference,
      payee: { partyIdType: 'MSISDN', partyId: request.phone.replace(/^\+/, '') },
      payerMessage: request.reference,
      payeeNote: `Coursa : commissions ${request.reference}`,
    });
  }

  async status(providerReference: string): Promise<TransferState> {
    return TRANSFER_STATES[(await this.check('transfer', providerReference, Transfer)).status];
  }

  /** The money comes from the Disbursement account, which is why refunds use this product (README "Refunds"). */
  async refund(request: RefundRequest): Promise<{ providerReference: string }> {
    return this.sendOnce('refund', request.reference, {
      amount: String(request.amount),
      currency: 'GNF',
      externalId: request.reference,
      payerMessage: request.reference,
      payeeNote: `Coursa : remboursement ${request.reference}`,
      referenceIdToRefund: request.paymentReference,
    });
  }

  async refundStatus(providerReference: string): Promise<RefundState> {
    const answer = await this.check('refund', providerReference, RefundAnswer);
    if (answer.status === 'SUCCESSFUL') return { state: 'completed' };
    if (answer.status === 'PENDING') return { state: 'pending' };
    const reason = typeof answer.reason === 'string' ? answer.reason : (answer.reason?.code ?? answer.reason?.message);
    return { state: 'failed', reason: `${PROVIDER} : ${reason || 'FAILED'}` };
  }

  /**
   * Sends a transfer or a refund under the reference id derived from ours: MTN answers 409 when it already has one
   * under that id, which means it was sent before and is not paid again.
   */
  private async sendOnce(operation: 'transfer' | 'refund', reference: string, body: object): Promise<{ providerReference: string }> {
    const referenceId = referenceIdOf(reference);
    const response = await this.tokens.send((accessToken) =>
      callProvider(PROVIDER, operation, `${this.disbursementUrl}/v1_0/${operation}`, {
        method: 'POST',
        headers: { ...productHeaders(this.settings, accessToken), 'x-reference-id': referenceId, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    if (response.status === 409) await response.body?.cancel();
    else await ensureOk(PROVIDER, operation, response);
    return { providerReference: referenceId };
  }

  private async check<T extends z.ZodType>(operation: 'transfer' | 'refund', providerReference: string, shape: T): Promise<z.infer<T>> {
    const url = `${this.disbursementUrl}/v1_0/${operation}/${encodeURIComponent(providerReference)}`;
    const response = await this.tokens.send((accessToken) =>
      callProvider(PROVIDER, `${operation} status check`, url, { headers: productHeaders(this.settings, accessToken) }),
    );
    return answerOf(PROVIDER, `${operation} status check`, response, shape);
  }
}

/** Each MTN product (collection, disbursement) gives its own tokens, to its own API user. */
function productTokens(productUrl: string, settings: MtnMomoSettings): OAuthTokenCache {
  return new OAuthTokenCache(async () => {
    const response = await callProvider(PROVIDER, 'token request', `${productUrl}/token/`, {
      method: 'POST',
      headers: {
        authorization: basicAuthorization(settings.apiUser, settings.apiKey),
        'ocp-apim-subscription-key': settings.subscriptionKey,
        accept: 'application/json',
      },
    });
    return answerOf(PROVIDER, 'token request', response, TokenAnswer);
  });
}

function productHeaders(settings: MtnMomoSettings, accessToken: string): Record<string, string> {
  return {
    authorization: `Bearer ${accessToken}`,
    'x-target-environment': settings.targetEnvironment,
    'ocp-apim-subscription-key': settings.subscriptionKey,
    accept: 'application/json',
  };
}

/** A UUID v4 (the form MTN requires) that is always the same for the same reference. */
function referenceIdOf(reference: string): string {
  const bytes = createHash('sha256').update(reference).digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
