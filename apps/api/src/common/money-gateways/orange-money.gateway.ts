import { z } from 'zod';
import { basicAuthorization } from '../http/basic-authorization.js';
import { OAuthTokenCache } from '../http/oauth-token-cache.js';
import { answerOf, callProvider, TokenAnswer } from './provider-http.js';
import type {
  InitiateRequest,
  Initiated,
  PaymentGateway,
  PaymentRecord,
  ProviderState,
  StatusAnswer,
} from './payment-gateway.js';

export interface OrangeMoneySettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  /** `gn` in production, `dev` for Orange's sandbox. */
  countryPath: 'gn' | 'dev';
  lang?: 'fr';
}

const PROVIDER = 'Orange Money';

const Created = z.object({ pay_token: z.string().min(1), payment_url: z.url(), notif_token: z.string().min(1) });

const TransactionStatus = z.object({ status: z.enum(['INITIATED', 'PENDING', 'EXPIRED', 'SUCCESS', 'FAILED']) });

const STATES: Record<z.infer<typeof TransactionStatus>['status'], ProviderState> = {
  INITIATED: 'pending',
  PENDING: 'pending',
  SUCCESS: 'paid',
  FAILED: 'failed',
  EXPIRED: 'failed',
};

/**
 * Orange Money Web Payment: an OAuth2 client-credentials token from `POST {base}/oauth/v3/token`, then
 * `…/webpayment` returns the payment page, and `…/transactionstatus` tells the outcome.
 */
export class OrangeMoneyGateway implements PaymentGateway {
  private readonly apiUrl: string;
  private readonly tokens: OAuthTokenCache;

  constructor(private readonly settings: OrangeMoneySettings) {
    const base = settings.baseUrl.replace(/\/+$/, '');
    this.apiUrl = `${base}/orange-money-webpay/${settings.countryPath}/v1`;
    this.tokens = new OAuthTokenCache(async () => {
      const response = await callProvider(PROVIDER, 'token request', `${base}/oauth/v3/token`, {
        method: 'POST',
        headers: { authorization: basicAuthorization(settings.clientId, settings.clientSecret), accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'client_credentials' }),
      });
      return answerOf(PROVIDER, 'token request', response, TokenAnswer);
    });
  }

  async initiate(request: InitiateRequest): Promise<Initiated> {
    const created = await this.post('payment creation', '/webpayment', Created, {
      merchant_key: this.settings.merchantKey,
      // Orange's test environment only knows its test currency, OUV.
      currency: this.settings.countryPath === 'dev' ? 'OUV' : 'GNF',
      order_id: request.orderId,
      amount: request.amount,
      return_url: request.returnUrl,
      cancel_url: request.returnUrl,
      notif_url: request.notifyUrl,
      lang: this.settings.lang ?? 'fr',
      // Shown to the customer on Orange's page (30 characters at most): our order reference fits.
      reference: request.orderId,
    });
    return { providerReference: created.pay_token, paymentUrl: created.payment_url, notifyToken: created.notif_token };
  }

  async status(payment: PaymentRecord): Promise<StatusAnswer> {
    const answer = await this.post('status check', '/transactionstatus', TransactionStatus, {
      order_id: payment.orderId,
      amount: payment.amount,
      pay_token: payment.providerReference,
    });
    const state = STATES[answer.status];
    // Orange's answer has no amount, but it only answers for the pay_token with the amount we sent: that is
    // the amount paid.
    return state === 'paid' ? { state, paidAmount: payment.amount } : { state };
  }

  private async post<Shape extends z.ZodType>(call: string, path: string, shape: Shape, body: object): Promise<z.infer<Shape>> {
    const response = await this.tokens.send((accessToken) =>
      callProvider(PROVIDER, call, `${this.apiUrl}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return answerOf(PROVIDER, call, response, shape);
  }
}
