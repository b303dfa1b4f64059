import { z } from 'zod';
import { callProvider, checkShape, ensureOk, gnfAmount } from './provider-http.js';
import {
  GatewayError,
  type InitiateRequest,
  type Initiated,
  type PaymentGateway,
  type PaymentRecord,
  type ProviderState,
  type StatusAnswer,
} from './payment-gateway.js';

export interface PayCardSettings {
  baseUrl: string;
  /** The merchant's e-commerce code (`c`): it authenticates us, so it stays out of every message. */
  merchantCode: string;
}

const PROVIDER = 'PayCard';

/** Every PayCard answer carries `code`; anything but 0 is a refusal, explained in `error_message`. */
const Result = z.object({ code: z.number() });

const Created = z.object({ operation_reference: z.string().min(1), payment_url: z.url() });

const PaymentStatus = z.object({
  status: z.enum(['new', 'pending', 'success', 'failed', 'canceled', 'error']),
  payment_amount: gnfAmount.nullish(),
});

const STATES: Record<z.infer<typeof PaymentStatus>['status'], ProviderState> = {
  new: 'pending',
  pending: 'pending',
  success: 'paid',
  failed: 'failed',
  canceled: 'failed',
  error: 'failed',
};

/**
 * PayCard's hosted payment page: `POST {base}/epay/create` returns the page's URL; the customer's browser comes
 * back to our callback URL, and `GET {base}/epay/{merchant code}/{operation reference}/status` tells the outcome.
 */
export class PayCardGateway implements PaymentGateway {
  private readonly baseUrl: string;

  constructor(private readonly settings: PayCardSettings) {
    this.baseUrl = settings.baseUrl.replace(/\/+$/, '');
  }

  async initiate(request: InitiateRequest): Promise<Initiated> {
    // JSON, as PayCard's client libraries send it (paycard4j, paycardjs); its page form posts the same fields.
    const body: Record<string, string> = {
      c: this.settings.merchantCode,
      'paycard-amount': String(request.amount),
      'paycard-description': request.description,
      'paycard-operation-reference': request.orderId,
      'paycard-callback-url': request.returnUrl,
      'paycard-auto-redirect': 'on',
      'paycard-redirect-with-get': 'on',
    };
    if (request.jumpTo) body[`paycard-jump-to-${request.jumpTo}`] = 'on';
    const response = await callProvider(PROVIDER, 'payment creation', `${this.baseUrl}/epay/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const created = await accepted('payment creation', response, Created);
    return { providerReference: created.operation_reference, paymentUrl: created.payment_url };
  }

  async status(payment: PaymentRecord): Promise<StatusAnswer> {
    const path = [this.settings.merchantCode, payment.providerReference].map(encodeURIComponent).join('/');
    const response = await callProvider(PROVIDER, 'status check', `${this.baseUrl}/epay/${path}/status`, {
      headers: { accept: 'application/json' },
    });
    const answer = await accepted('status check', response, PaymentStatus);
    const state = STATES[answer.status];
    return state === 'paid' ? { state, paidAmount: answer.payment_amount ?? undefined } : { state };
  }
}

async function accepted<Shape extends z.ZodType>(call: string, response: Response, shape: Shape): Promise<z.infer<Shape>> {
  const body = await ensureOk(PROVIDER, call, response);
  const { code } = checkShape(PROVIDER, call, body, Result);
  if (code !== 0) throw new GatewayError(`${PROVIDER} refused the ${call} (code ${code})`, false);
  return checkShape(PROVIDER, call, body, shape);
}
