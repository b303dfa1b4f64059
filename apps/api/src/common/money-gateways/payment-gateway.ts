/** One payment provider behind one interface: the sandbox, or a live provider's API. */

export type GatewayName = 'paycard' | 'orange_money' | 'mtn_momo' | 'card';

/** The gateway of each payment method. */
export type Gateways = Record<GatewayName, PaymentGateway>;

export interface InitiateRequest {
  /** Our reference, `COURSE_<timestamp>`: sent to the provider as its order/operation reference. */
  orderId: string;
  /** Whole GNF (card payments: see `amountUsdCents`). */
  amount: number;
  amountUsdCents?: number;
  description: string;
  customerName: string;
  customerEmail: string;
  /** E.164, the payer's wallet for mobile money. */
  payerPhone?: string;
  /** Where the provider sends the customer's browser back (PayCard callback / Orange return_url). */
  returnUrl: string;
  /** Where the provider posts its server-to-server notification (Orange notif_url, MTN X-Callback-Url). */
  notifyUrl: string;
  /** PayCard: skip the method choice and open this one (`paycard-jump-to-<x>=on`). */
  jumpTo?: 'paycard' | 'cc' | 'om' | 'momo';
}

export interface Initiated {
  /** The provider's reference of this payment; (provider, reference) is unique in our database. */
  providerReference: string;
  /** The page the customer's browser goes to; absent for push payments (MTN asks the phone directly). */
  paymentUrl?: string;
  /** A secret the provider will echo in its notification (Orange notif_token), stored to check it. */
  notifyToken?: string;
}

export type ProviderState = 'paid' | 'pending' | 'failed';

export interface StatusAnswer {
  state: ProviderState;
  /** The amount the provider says was paid, in GNF, when it tells it; we credit only when it equals ours. */
  paidAmount?: number;
  /** Why it failed, in the provider's words when it gives them (MTN: APPROVAL_REJECTED, EXPIRED, NOT_ENOUGH_FUNDS…). */
  reason?: string;
}

export interface PaymentRecord {
  orderId: string;
  amount: number;
  providerReference: string;
  providerToken?: string | null;
}

export interface PaymentGateway {
  initiate(request: InitiateRequest): Promise<Initiated>;
  /** Asks the provider: a callback is only a hint, this answer decides. */
  status(payment: PaymentRecord): Promise<StatusAnswer>;
}

/** The provider refused or failed; `retryable` says whether asking again later may work. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
