import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { answerOf, basicAuthorization, callProvider, ensureOk, gnfAmount, TokenAnswer, TokenCache } from './http.js';
import {
  GatewayError,
  type InitiateRequest,
  type Initiated,
  type PaymentGateway,
  type PaymentRecord,
  type ProviderState,
  type StatusAnswer,
} from './payment-gateway.js';

export interface MtnMomoSettings {
  baseUrl: string;
  /** The Collection product's subscription key (`Ocp-Apim-Subscription-Key`). */
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  /** `sandbox`, or the operator's environment name in production (e.g. `mtnguineaconakry`). */
  targetEnvironment: string;
}

const PROVIDER = 'MTN MoMo';

const RequestToPay = z.object({ status: z.enum(['PENDING', 'SUCCESSFUL', 'FAILED']), amount: gnfAmount });

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
  private readonly tokens: TokenCache;

  constructor(private readonly settings: MtnMomoSettings) {
    this.collectionUrl = `${settings.baseUrl.replace(/\/+$/, '')}/collection`;
    this.tokens = new TokenCache(async () => {
      const response = await callProvider(PROVIDER, 'token request', `${this.collectionUrl}/token/`, {
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
          ...this.headers(accessToken),
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
      callProvider(PROVIDER, 'status check', url, { headers: this.headers(accessToken) }),
    );
    const answer = await answerOf(PROVIDER, 'status check', response, RequestToPay);
    const state = STATES[answer.status];
    return state === 'paid' ? { state, paidAmount: answer.amount } : { state };
  }

  private headers(accessToken: string): Record<string, string> {
    return {
      authorization: `Bearer ${accessToken}`,
      'x-target-environment': this.settings.targetEnvironment,
      'ocp-apim-subscription-key': this.settings.subscriptionKey,
      accept: 'application/json',
    };
  }
}
