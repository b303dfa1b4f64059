// Local stand-ins for the payment providers, which our machines cannot reach. Each one checks credentials and
// request shapes as the providers' documentation and client libraries show them, keeps a ledger of the
// payments it created so that its status answers tell the truth, and lets a test settle a payment as the payer
// would. They listen on 127.0.0.1, port 0, so suites can run side by side.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import { formBody, hasBasicAuth, jsonBody, serveFake, type FakeReply, type FakeRequest, type FakeServer } from './fake-http.js';

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakePayment<Status extends string> {
  /** The provider's reference: PayCard's operation reference, Orange's pay_token, MTN's X-Reference-Id. */
  reference: string;
  orderId: string;
  /** The amount the merchant asked for. */
  amount: number;
  /** In the provider's words. */
  status: Status;
  /** Set once paid: `amount`, unless `complete` was given another one. */
  paidAmount?: number;
  /** The provider's own transaction id, once the payment is settled. */
  transactionId?: string;
}

export interface FakePaymentServer<Status extends string> extends FakeServer {
  /** Every payment creation and status check the server accepted, as it arrived. */
  readonly received: ReceivedRequest[];
  /** The payments created, by provider reference. */
  readonly payments: ReadonlyMap<string, FakePayment<Status>>;
  /** The payer paid: `amount` (another amount, to see that it is not credited) or the amount asked. */
  complete(reference: string, options?: { amount?: number }): void;
  /** The payer refused, or the payment failed. */
  fail(reference: string): void;
  /** Puts the payment in any state the provider knows. */
  setStatus(reference: string, status: Status): void;
}

// ---- Shared machinery

class Ledger<Status extends string> {
  readonly payments = new Map<string, FakePayment<Status>>();

  constructor(
    private readonly outcomes: { paid: Status; failed: Status },
    private readonly newTransactionId: () => string,
  ) {}

  get(reference: string): FakePayment<Status> {
    const payment = this.payments.get(reference);
    if (!payment) throw new Error(`No payment ${reference} on this fake`);
    return payment;
  }

  complete(reference: string, { amount }: { amount?: number } = {}): void {
    const payment = this.get(reference);
    this.setStatus(reference, this.outcomes.paid);
    payment.paidAmount = amount ?? payment.amount;
  }

  fail(reference: string): void {
    this.setStatus(reference, this.outcomes.failed);
  }

  setStatus(reference: string, status: Status): void {
    const payment = this.get(reference);
    payment.status = status;
    if (status === this.outcomes.paid) payment.paidAmount ??= payment.amount;
    if (status === this.outcomes.paid || status === this.outcomes.failed) payment.transactionId ??= this.newTransactionId();
  }

  /** The controls every fake offers. */
  controls() {
    return {
      payments: this.payments as ReadonlyMap<string, FakePayment<Status>>,
      complete: this.complete.bind(this),
      fail: this.fail.bind(this),
      setStatus: this.setStatus.bind(this),
    };
  }
}

/** OAuth2 client-credentials tokens as Orange and MTN give them, valid for `lifetimeSeconds`. */
class Tokens {
  issued = 0;
  private readonly expiries = new Map<string, number>();

  constructor(private readonly lifetimeSeconds: number) {}

  issue(): { access_token: string; expires_in: number } {
    const accessToken = randomUUID();
    this.expiries.set(accessToken, Date.now() + this.lifetimeSeconds * 1000);
    this.issued += 1;
    return { access_token: accessToken, expires_in: this.lifetimeSeconds };
  }

  check(headers: IncomingHttpHeaders): 'valid' | 'expired' | 'invalid' {
    const expiry = this.expiries.get(headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (expiry === undefined) return 'invalid';
    return Date.now() < expiry ? 'valid' : 'expired';
  }

  expireAll(): void {
    for (const token of this.expiries.keys()) this.expiries.set(token, 0);
  }
}

export interface TokenControls {
  /** Token requests answered with a token. */
  readonly tokensIssued: number;
  /** Makes every token given so far expired, as the provider does at the end of a token's life. */
  expireTokens(): void;
}

/** Form fields as a plain object (PayCard's form variant). */
function formFields(request: FakeRequest): Record<string, string> | undefined {
  const form = formBody(request);
  return form ? Object.fromEntries(form) : undefined;
}

const randomDigits = (length: number) => Array.from({ length }, () => randomInt(0, 10)).join('');
const randomLetters = (length: number) => Array.from({ length }, () => String.fromCharCode(65 + randomInt(0, 26))).join('');

// ---- PayCard: POST /epay/create (the merchant code `c` in the body, JSON as its client libraries send it or a
// form as its payment form does) → {code: 0, operation_reference, payment_amount, payment_url, …}; GET
// /epay/{c}/{operation_reference}/status → {code: 0, status, payment_amount: "5000", …}. Refusals are
// `{code ≠ 0, error_message}`. Sources: moudjames23/paycard4j, bmsanoussy/paycardjs.

export type PayCardStatus = 'new' | 'pending' | 'success' | 'failed' | 'canceled' | 'error';

const onOrOff = z.enum(['on', 'off']);
const PayCardCreation = z.strictObject({
  c: z.string().min(1),
  'paycard-amount': z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().positive()),
  'paycard-description': z.string().optional(),
  'paycard-operation-reference': z.string().min(1).optional(),
  'paycard-callback-url': z.url().optional(),
  'paycard-auto-redirect': onOrOff.optional(),
  'paycard-redirect-with-get': onOrOff.optional(),
  'paycard-jump-to-paycard': z.literal('on').optional(),
  'paycard-jump-to-cc': z.literal('on').optional(),
  'paycard-jump-to-om': z.literal('on').optional(),
  'paycard-jump-to-momo': z.literal('on').optional(),
});

export interface PayCardAccount {
  merchantCode: string;
}

export interface FakePayCard extends FakePaymentServer<PayCardStatus> {
  /** The query PayCard's redirect puts on our callback URL when the customer's browser comes back. */
  browserReturn(reference: string): { 'paycard-operation-reference': string; 'transaction-reference': string };
  /** The URL the customer's browser is sent back to: our callback URL with that query. */
  browserReturnUrl(reference: string): string;
}

export async function startFakePayCard(account: PayCardAccount): Promise<FakePayCard> {
  const received: ReceivedRequest[] = [];
  const ledger = new Ledger<PayCardStatus>({ paid: 'success', failed: 'failed' }, () => `${randomDigits(4)}-${randomLetters(6)}`);
  const callbackUrls = new Map<string, string>();
  const refusal = (code: number, message: string): FakeReply => ({ status: 200, body: { code, error_message: message } });
  const formatted = (amount: number) => `${amount.toLocaleString('fr-FR')} GNF`;

  const create = (request: FakeRequest, url: string): FakeReply => {
    const body = jsonBody(request) ?? formFields(request);
    const parsed = PayCardCreation.safeParse(body);
    if (!parsed.success) return { status: 400, body: { code: 2, error_message: 'Paramètres invalides' } };
    const fields = parsed.data;
    if (fields.c !== account.merchantCode) return refusal(1, 'Marchand inconnu');
    const reference = fields['paycard-operation-reference'] ?? randomUUID();
    if (ledger.payments.has(reference)) return refusal(3, "Référence d'opération déjà utilisée");
    const amount = fields['paycard-amount'];
    ledger.payments.set(reference, { reference, orderId: reference, amount, status: 'new' });
    if (fields['paycard-callback-url']) callbackUrls.set(reference, fields['paycard-callback-url']);
    received.push({ method: request.method, path: request.path, headers: request.headers, body });
    return {
      status: 200,
      body: {
        code: 0,
        operation_reference: reference,
        payment_amount: amount,
        payment_amount_formatted: formatted(amount),
        payment_description: fields['paycard-description'] ?? '',
        payment_url: `${url}/epay/pay/${encodeURIComponent(reference)}`,
        error_message: null,
      },
    };
  };

  const status = (request: FakeRequest, merchantCode: string, reference: string): FakeReply => {
    if (merchantCode !== account.merchantCode) return refusal(1, 'Marchand inconnu');
    const payment = ledger.payments.get(reference);
    if (!payment) return refusal(4, 'Opération introuvable');
    received.push({ method: request.method, path: request.path, headers: request.headers, body: undefined });
    const amount = payment.paidAmount ?? payment.amount;
    return {
      status: 200,
      body: {
        code: 0,
        status: payment.status,
        status_description: payment.status,
        error_message: null,
        reference: payment.reference,
        payment_method: payment.status === 'success' ? 'paycard' : null,
        payment_reference: payment.transactionId ?? null,
        // A string in PayCard's status answers, unlike the creation answer's number.
        payment_amount: String(amount),
        payment_amount_formatted: formatted(amount),
      },
    };
  };

  const server = await serveFake(
    (request, url) => {
      const statusPath = /^\/epay\/([^/]+)\/([^/]+)\/status$/.exec(request.path);
      if (request.method === 'POST' && /^\/epay\/create\/?$/.test(request.path)) return create(request, url);
      if (request.method === 'GET' && statusPath) {
        return status(request, decodeURIComponent(statusPath[1]!), decodeURIComponent(statusPath[2]!));
      }
      return { status: 404, body: { code: 404, error_message: 'Page introuvable' } };
    },
    (status) => ({ code: status, error_message: `Erreur ${status}` }),
  );
  const browserReturn = (reference: string) => ({
    'paycard-operation-reference': reference,
    'transaction-reference': ledger.get(reference).transactionId ?? '',
  });
  return {
    ...server,
    ...ledger.controls(),
    received,
    browserReturn,
    browserReturnUrl(reference) {
      const query = browserReturn(reference);
      const callbackUrl = callbackUrls.get(reference);
      if (!callbackUrl) throw new Error(`Payment ${reference} was created without paycard-callback-url`);
      const returnUrl = new URL(callbackUrl);
      for (const [name, value] of Object.entries(query)) returnUrl.searchParams.set(name, value);
      return returnUrl.toString();
    },
  };
}

// ---- Orange Money Web Payment: token from POST /oauth/v3/token (Basic client_id:secret,
// grant_type=client_credentials); POST /orange-money-webpay/{country}/v1/webpayment with Bearer
// {merchant_key, currency, order_id (≤ 30), amount, return_url, cancel_url, notif_url (URLs ≤ 120), lang,
// reference (≤ 30)} → 201 {status: 201, message, pay_token, payment_url, notif_token}; POST …/transactionstatus
// {order_id, amount, pay_token} → {status, order_id, txnid}; notification {status, notif_token, txnid}.

export type OrangeStatus = 'INITIATED' | 'PENDING' | 'EXPIRED' | 'SUCCESS' | 'FAILED';

const orangeUrl = z.url().max(120);
const OrangeCreation = z.strictObject({
  merchant_key: z.string(),
  currency: z.enum(['GNF', 'OUV']),
  order_id: z.string().min(1).max(30),
  amount: z.number().int().positive(),
  return_url: orangeUrl,
  cancel_url: orangeUrl,
  notif_url: orangeUrl,
  lang: z.string().length(2),
  reference: z.string().max(30).optional(),
});
const OrangeStatusCheck = z.strictObject({ order_id: z.string(), amount: z.number(), pay_token: z.string() });

export interface OrangeMoneyAccount {
  clientId: string;
  clientSecret: string;
  merchantKey: string;
  /** The country segment the account works in; `gn` unless told. */
  countryPath?: string;
  /** Lifetime (expires_in) of the tokens given; 3600 like Orange's. */
  tokenLifetimeSeconds?: number;
}

export interface OrangeNotification {
  status: 'SUCCESS' | 'FAILED';
  notif_token: string;
  txnid: string;
}

export interface FakeOrangeMoney extends FakePaymentServer<OrangeStatus>, TokenControls {
  /**
   * The body Orange posts to notif_url once the payment is settled. A pending payment has none: give `status`
   * to forge one anyway.
   */
  notification(payToken: string, status?: OrangeNotification['status']): OrangeNotification;
}

export async function startFakeOrangeMoney(account: OrangeMoneyAccount): Promise<FakeOrangeMoney> {
  const received: ReceivedRequest[] = [];
  const ledger = new Ledger<OrangeStatus>(
    { paid: 'SUCCESS', failed: 'FAILED' },
    () => `MP${randomDigits(6)}.${randomDigits(4)}.A${randomDigits(5)}`,
  );
  const notifyTokens = new Map<string, string>();
  const tokens = new Tokens(account.tokenLifetimeSeconds ?? 3600);
  const apiPath = `/orange-money-webpay/${account.countryPath ?? 'gn'}/v1`;
  const error = (status: number, code: number, message: string): FakeReply => ({ status, body: { code, message, description: message } });

  const issueToken = (request: FakeRequest): FakeReply => {
    if (!hasBasicAuth(request.headers, account.clientId, account.clientSecret)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The requested service needs credentials' } };
    }
    if (formFields(request)?.grant_type !== 'client_credentials') {
      return { status: 400, body: { error: 'invalid_request', error_description: 'grant_type must be client_credentials' } };
    }
    // Orange's examples give expires_in as a string.
    const { access_token, expires_in } = tokens.issue();
    return { status: 200, body: { token_type: 'Bearer', access_token, expires_in: String(expires_in) } };
  };

  const create = (request: FakeRequest, url: string): FakeReply => {
    const parsed = OrangeCreation.safeParse(jsonBody(request));
    if (!parsed.success) return error(400, 1, 'Invalid request body');
    if (parsed.data.merchant_key !== account.merchantKey) return error(403, 2, 'Unknown merchant key');
    const payToken = `v1${randomBytes(24).toString('hex')}`;
    const notifToken = randomBytes(16).toString('hex');
    ledger.payments.set(payToken, { reference: payToken, orderId: parsed.data.order_id, amount: parsed.data.amount, status: 'INITIATED' });
    notifyTokens.set(payToken, notifToken);
    received.push({ method: request.method, path: request.path, headers: request.headers, body: parsed.data });
    const paymentUrl = `${url}/payment/pay_token/${payToken}`;
    return { status: 201, body: { status: 201, message: 'OK', pay_token: payToken, payment_url: paymentUrl, notif_token: notifToken } };
  };

  const checkStatus = (request: FakeRequest): FakeReply => {
    const parsed = OrangeStatusCheck.safeParse(jsonBody(request));
    if (!parsed.success) return error(400, 1, 'Invalid request body');
    const payment = ledger.payments.get(parsed.data.pay_token);
    // Orange finds a transaction by its pay_token, order_id and amount together.
    const amount = payment?.paidAmount ?? payment?.amount;
    if (!payment || payment.orderId !== parsed.data.order_id || amount !== parsed.data.amount) {
      return error(404, 3, 'Transaction not found');
    }
    received.push({ method: request.method, path: request.path, headers: request.headers, body: parsed.data });
    return { status: 201, body: { status: payment.status, order_id: payment.orderId, txnid: payment.transactionId ?? null } };
  };

  const server = await serveFake(
    (request, url) => {
      if (request.method === 'POST' && request.path === '/oauth/v3/token') return issueToken(request);
      const isApiCall = request.method === 'POST' && [`${apiPath}/webpayment`, `${apiPath}/transactionstatus`].includes(request.path);
      if (!isApiCall) return error(404, 60, 'Resource not found');
      const token = tokens.check(request.headers);
      if (token === 'expired') return error(401, 42, 'Expired credentials');
      if (token === 'invalid') return error(401, 41, 'Invalid credentials');
      return request.path.endsWith('/webpayment') ? create(request, url) : checkStatus(request);
    },
    (status) => ({ code: status === 401 ? 42 : 1, message: `Error ${status}` }),
  );
  return {
    ...server,
    ...ledger.controls(),
    received,
    get tokensIssued() {
      return tokens.issued;
    },
    expireTokens: () => tokens.expireAll(),
    notification(payToken, status) {
      const payment = ledger.get(payToken);
      const notified = status ?? (payment.status === 'SUCCESS' || payment.status === 'FAILED' ? payment.status : undefined);
      if (!notified) throw new Error(`Orange sends no notification for ${payToken} while it is ${payment.status}`);
      return { status: notified, notif_token: notifyTokens.get(payToken)!, txnid: payment.transactionId ?? '' };
    },
  };
}

// ---- MTN MoMo Collection: every call carries Ocp-Apim-Subscription-Key. Token from POST /collection/token/
// (Basic apiUser:apiKey) → {access_token, token_type, expires_in}; POST /collection/v1_0/requesttopay with
// Bearer, X-Reference-Id (uuid v4), X-Target-Environment, X-Callback-Url and {amount: "5000", currency,
// externalId, payer: {partyIdType: "MSISDN", partyId}, payerMessage, payeeNote} → 202 without body;
// GET /collection/v1_0/requesttopay/{id} → {amount, currency, financialTransactionId, externalId, payer,
// payerMessage, payeeNote, status, reason}. Errors are {code, message}. Sources: momodeveloper.mtn.com,
// the mtnmomo crate's models.

export type MtnStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED';

const MtnRequestToPay = z.strictObject({
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  currency: z.literal('GNF'),
  externalId: z.string().min(1),
  payer: z.strictObject({ partyIdType: z.literal('MSISDN'), partyId: z.string().regex(/^\d{8,15}$/) }),
  payerMessage: z.string().max(160).optional(),
  payeeNote: z.string().max(160).optional(),
});
type MtnRequestToPay = z.infer<typeof MtnRequestToPay>;

const MTN_INVALID_SUBSCRIPTION: FakeReply = {
  status: 401,
  body: { statusCode: 401, message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' },
};
const MTN_INVALID_TOKEN: FakeReply = { status: 401, body: { statusCode: 401, message: 'Unauthorized. Access token is missing or invalid.' } };

/** A request to pay or a transfer as MTN's status call shows it: what was asked, and how it ended. */
function mtnAnswer<Body extends object>(body: Body, payment: FakePayment<MtnStatus>, failureReason: string) {
  return {
    ...body,
    amount: String(payment.paidAmount ?? payment.amount),
    ...(payment.status === 'SUCCESSFUL' && { financialTransactionId: payment.transactionId ?? randomDigits(9) }),
    status: payment.status,
    ...(payment.status === 'FAILED' && { reason: failureReason }),
  };
}

export interface MtnMomoAccount {
  subscriptionKey: string;
  apiUser: string;
  apiKey: string;
  targetEnvironment: string;
  /** Lifetime (expires_in) of the tokens given; 3600 like MTN's. */
  tokenLifetimeSeconds?: number;
  /** The Disbursement product's own credentials; without them every disbursement call is refused. */
  disbursement?: { subscriptionKey: string; apiUser: string; apiKey: string };
}

export interface MtnRequestToPayResult extends MtnRequestToPay {
  financialTransactionId?: string;
  status: MtnStatus;
  reason?: string;
}

export interface FakeMtnMomo extends FakePaymentServer<MtnStatus>, TokenControls {
  /**
   * The body MTN sends to the X-Callback-Url once the payment is settled, the same as its status answer. A
   * pending payment has none: give `status` to forge one anyway.
   */
  callback(referenceId: string, status?: 'SUCCESSFUL' | 'FAILED'): MtnRequestToPayResult;
  /**
   * The payer's phone answers the prompt with a refusal, or MTN gives up on it: FAILED with MTN's reason
   * (APPROVAL_REJECTED when the payer said no, EXPIRED when the prompt timed out, NOT_ENOUGH_FUNDS…).
   */
  decline(referenceId: string, reason: string): void;
  readonly disbursement: FakeMtnDisbursement;
}

// ---- MTN MoMo Disbursement, on the same host, with its own subscription key, API user and tokens. Token from
// POST /disbursement/token/; POST /disbursement/v1_0/transfer with Bearer, X-Reference-Id (uuid v4),
// X-Target-Environment and {amount, currency, externalId, payee: {partyIdType: "MSISDN", partyId}, payerMessage,
// payeeNote} → 202 without body (409 RESOURCE_ALREADY_EXIST for a reference id already used); GET
// /disbursement/v1_0/transfer/{id} → the transfer with its status. Nobody approves a transfer: MTN settles it.
// POST /disbursement/v1_0/refund, same headers, {amount, currency, externalId, payerMessage, payeeNote,
// referenceIdToRefund: the requesttopay's X-Reference-Id} → 202 without body (409 for a reference id already
// used); GET /disbursement/v1_0/refund/{id} → {amount, currency, financialTransactionId, externalId, payee,
// payerMessage, payeeNote, status, reason}. Sources: MTN-Group's PHP and JavaScript SDKs (RefundV1,
// GetRefundStatus). Where MTN documents nothing (a refund of a payment it does not know, or not paid, or of
// more than was paid), this fake fails the refund with NOT_ALLOWED.

const MtnTransfer = MtnRequestToPay.omit({ payer: true }).extend({ payee: MtnRequestToPay.shape.payer });

export interface FakeMtnDisbursement {
  /** Transfers made, by X-Reference-Id (`orderId` is the externalId). */
  readonly payments: ReadonlyMap<string, FakePayment<MtnStatus>>;
  /** Every transfer request that passed MTN's gate, with the status answered (202, or 409 for a reference id reused). */
  readonly transferCalls: readonly { referenceId: string; status: number }[];
  /** The status MTN gives the next transfers at once: SUCCESSFUL unless told; PENDING waits for complete/fail. */
  settleNewTransfersAs(status: MtnStatus): void;
  complete(referenceId: string): void;
  fail(referenceId: string): void;
  /** Refunds made, by X-Reference-Id (`orderId` is the externalId); what each refunded is in `received`. */
  readonly refunds: ReadonlyMap<string, FakePayment<MtnStatus>>;
  /** Every refund request that passed MTN's gate, with the status answered (202, or 409 for a reference id reused). */
  readonly refundCalls: readonly { referenceId: string; status: number }[];
  /** The status MTN gives the next refunds at once: SUCCESSFUL unless told; PENDING waits for completeRefund/failRefund. */
  settleNewRefundsAs(status: MtnStatus): void;
  completeRefund(referenceId: string): void;
  failRefund(referenceId: string, reason?: string): void;
}

const MtnRefund = MtnRequestToPay.omit({ payer: true }).extend({ referenceIdToRefund: z.uuidv4() });

const REFUND_PATH = /^\/disbursement\/v1_0\/refund\/([^/]+)$/;

const TRANSFER_PATH = /^\/disbursement\/v1_0\/transfer\/([^/]+)$/;

const REQUEST_TO_PAY_PATH = /^\/collection\/v1_0\/requesttopay\/([^/]+)$/;

const mtnError = (status: number, code: string, message: string): FakeReply => ({ status, body: { code, message } });

/**
 * What MTN's gateway checks before a product (Collection, Disbursement) sees a request: the product's subscription
 * key, its token endpoint, a known path, a valid token and the target environment. Returns the gate's own answer, or
 * which call the request is (creation, or the status of the id in `status[1]`).
 */
function mtnGate(
  request: FakeRequest,
  product: { name: 'collection' | 'disbursement'; subscriptionKey: string; apiUser: string; apiKey: string },
  tokens: Tokens,
  targetEnvironment: string,
  paths: { creation: string; status: RegExp },
): FakeReply | { creation: boolean; status: RegExpExecArray | null } {
  if (request.headers['ocp-apim-subscription-key'] !== product.subscriptionKey) return MTN_INVALID_SUBSCRIPTION;
  if (request.method === 'POST' && request.path === `/${product.name}/token/`) {
    if (!hasBasicAuth(request.headers, product.apiUser, product.apiKey)) return { status: 401, body: { error: 'login_failed' } };
    return { status: 200, body: { ...tokens.issue(), token_type: 'access_token' } };
  }
  const creation = request.method === 'POST' && request.path === paths.creation;
  const status = request.method === 'GET' ? paths.status.exec(request.path) : null;
  if (!creation && !status) return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
  if (tokens.check(request.headers) !== 'valid') return MTN_INVALID_TOKEN;
  if (request.headers['x-target-environment'] !== targetEnvironment) {
    return mtnError(403, 'NOT_ALLOWED_TARGET_ENVIRONMENT', 'Access to target environment is forbidden.');
  }
  return { creation, status };
}

const isReply = (gate: ReturnType<typeof mtnGate>): gate is FakeReply => !('creation' in gate);

export async function startFakeMtnMomo(account: MtnMomoAccount): Promise<FakeMtnMomo> {
  const received: ReceivedRequest[] = [];
  const ledger = new Ledger<MtnStatus>({ paid: 'SUCCESSFUL', failed: 'FAILED' }, () => randomDigits(9));
  const requests = new Map<string, MtnRequestToPay>();
  const tokens = new Tokens(account.tokenLifetimeSeconds ?? 3600);
  const declineReasons = new Map<string, string>();
  const result = (referenceId: string, status: MtnStatus): MtnRequestToPayResult =>
    mtnAnswer(requests.get(referenceId)!, { ...ledger.get(referenceId), status }, declineReasons.get(referenceId) ?? 'APPROVAL_REJECTED');

  const transfers = new Ledger<MtnStatus>({ paid: 'SUCCESSFUL', failed: 'FAILED' }, () => randomDigits(9));
  const transferBodies = new Map<string, z.infer<typeof MtnTransfer>>();
  const disbursementTokens = new Tokens(account.tokenLifetimeSeconds ?? 3600);
  const transferCalls: { referenceId: string; status: number }[] = [];
  let newTransferStatus: MtnStatus = 'SUCCESSFUL';
  const refunds = new Ledger<MtnStatus>({ paid: 'SUCCESSFUL', failed: 'FAILED' }, () => randomDigits(9));
  const refundBodies = new Map<string, z.infer<typeof MtnRefund>>();
  const refundReasons = new Map<string, string>();
  const refundCalls: { referenceId: string; status: number }[] = [];
  let newRefundStatus: MtnStatus = 'SUCCESSFUL';

  /** A refund as its status call shows it: paid back to the payer of the refunded request to pay. */
  const refundAnswer = (referenceId: string) => {
    const { referenceIdToRefund, ...body } = refundBodies.get(referenceId)!;
    const payee = requests.get(referenceIdToRefund)?.payer ?? { partyIdType: 'MSISDN' as const, partyId: '' };
    return mtnAnswer({ ...body, payee }, refunds.get(referenceId), refundReasons.get(referenceId) ?? 'INTERNAL_PROCESSING_ERROR');
  };

  const refund = (request: FakeRequest, statusPath: RegExpExecArray | null): FakeReply => {
    if (statusPath) {
      const referenceId = decodeURIComponent(statusPath[1]!);
      if (!refunds.payments.has(referenceId)) return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      received.push({ method: request.method, path: request.path, headers: request.headers, body: undefined });
      return { status: 200, body: refundAnswer(referenceId) };
    }
    const referenceId = String(request.headers['x-reference-id'] ?? '');
    if (!z.uuidv4().safeParse(referenceId).success) return mtnError(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID v4');
    const parsed = MtnRefund.safeParse(jsonBody(request));
    if (!parsed.success) return mtnError(400, 'INVALID_REQUEST', 'Invalid request body');
    if (refunds.payments.has(referenceId)) {
      refundCalls.push({ referenceId, status: 409 });
      return mtnError(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation for resource failed.');
    }
    const amount = Number(parsed.data.amount);
    refunds.payments.set(referenceId, { reference: referenceId, orderId: parsed.data.externalId, amount, status: 'PENDING' });
    refundBodies.set(referenceId, parsed.data);
    const paid = ledger.payments.get(parsed.data.referenceIdToRefund);
    if (!paid || paid.status !== 'SUCCESSFUL' || amount > (paid.paidAmount ?? paid.amount)) {
      refundReasons.set(referenceId, 'NOT_ALLOWED');
      refunds.fail(referenceId);
    } else if (newRefundStatus !== 'PENDING') {
      refunds.setStatus(referenceId, newRefundStatus);
    }
    refundCalls.push({ referenceId, status: 202 });
    received.push({ method: request.method, path: request.path, headers: request.headers, body: parsed.data });
    return { status: 202 };
  };

  const disburse = (request: FakeRequest): FakeReply => {
    const product = account.disbursement;
    if (!product) return MTN_INVALID_SUBSCRIPTION;
    const isRefund = request.path.startsWith('/disbursement/v1_0/refund');
    const gate = mtnGate(
      request,
      { name: 'disbursement', ...product },
      disbursementTokens,
      account.targetEnvironment,
      isRefund ? { creation: '/disbursement/v1_0/refund', status: REFUND_PATH } : { creation: '/disbursement/v1_0/transfer', status: TRANSFER_PATH },
    );
    if (isReply(gate)) return gate;
    if (isRefund) return refund(request, gate.status);
    const statusPath = gate.status;
    if (statusPath) {
      const referenceId = decodeURIComponent(statusPath[1]!);
      const transfer = transfers.payments.get(referenceId);
      if (!transfer) return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      received.push({ method: request.method, path: request.path, headers: request.headers, body: undefined });
      return { status: 200, body: mtnAnswer(transferBodies.get(referenceId)!, transfer, 'PAYEE_NOT_FOUND') };
    }
    const referenceId = String(request.headers['x-reference-id'] ?? '');
    if (!z.uuidv4().safeParse(referenceId).success) return mtnError(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID v4');
    const parsed = MtnTransfer.safeParse(jsonBody(request));
    if (!parsed.success) return mtnError(400, 'INVALID_REQUEST', 'Invalid request body');
    if (transfers.payments.has(referenceId)) {
      transferCalls.push({ referenceId, status: 409 });
      return mtnError(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation for resource failed.');
    }
    transferCalls.push({ referenceId, status: 202 });
    transfers.payments.set(referenceId, { reference: referenceId, orderId: parsed.data.externalId, amount: Number(parsed.data.amount), status: 'PENDING' });
    if (newTransferStatus !== 'PENDING') transfers.setStatus(referenceId, newTransferStatus);
    transferBodies.set(referenceId, parsed.data);
    received.push({ method: request.method, path: request.path, headers: request.headers, body: parsed.data });
    return { status: 202 };
  };

  const requestToPay = (request: FakeRequest): FakeReply => {
    const referenceId = String(request.headers['x-reference-id'] ?? '');
    const callbackUrl = request.headers['x-callback-url'];
    if (!z.uuidv4().safeParse(referenceId).success) return mtnError(400, 'INVALID_REFERENCE_ID', 'X-Reference-Id must be a UUID v4');
    if (callbackUrl !== undefined && !z.url().safeParse(callbackUrl).success) {
      return mtnError(400, 'INVALID_CALLBACK_URL_HOST', 'Invalid callback URL');
    }
    const parsed = MtnRequestToPay.safeParse(jsonBody(request));
    if (!parsed.success) return mtnError(400, 'INVALID_REQUEST', 'Invalid request body');
    if (ledger.payments.has(referenceId)) {
      return mtnError(409, 'RESOURCE_ALREADY_EXIST', 'Duplicated reference id. Creation for resource failed.');
    }
    const amount = Number(parsed.data.amount);
    ledger.payments.set(referenceId, { reference: referenceId, orderId: parsed.data.externalId, amount, status: 'PENDING' });
    requests.set(referenceId, parsed.data);
    received.push({ method: request.method, path: request.path, headers: request.headers, body: parsed.data });
    return { status: 202 };
  };

  const server = await serveFake(
    (request) => {
      if (request.path.startsWith('/disbursement/')) return disburse(request);
      const gate = mtnGate(request, { name: 'collection', ...account }, tokens, account.targetEnvironment, {
        creation: '/collection/v1_0/requesttopay',
        status: REQUEST_TO_PAY_PATH,
      });
      if (isReply(gate)) return gate;
      const statusPath = gate.status;
      if (!statusPath) return requestToPay(request);
      const referenceId = decodeURIComponent(statusPath[1]!);
      const payment = ledger.payments.get(referenceId);
      if (!payment) return mtnError(404, 'RESOURCE_NOT_FOUND', 'Requested resource was not found.');
      received.push({ method: request.method, path: request.path, headers: request.headers, body: undefined });
      return { status: 200, body: result(referenceId, payment.status) };
    },
    (status) => ({ code: status === 500 ? 'INTERNAL_PROCESSING_ERROR' : `HTTP_${status}`, message: `Error ${status}` }),
  );
  return {
    ...server,
    ...ledger.controls(),
    received,
    get tokensIssued() {
      return tokens.issued;
    },
    expireTokens: () => tokens.expireAll(),
    decline(referenceId, reason) {
      declineReasons.set(referenceId, reason);
      ledger.fail(referenceId);
    },
    callback(referenceId, status) {
      const current = ledger.get(referenceId).status;
      const notified = status ?? (current === 'PENDING' ? undefined : current);
      if (!notified) throw new Error(`MTN sends no callback for ${referenceId} while it is PENDING`);
      return result(referenceId, notified);
    },
    disbursement: {
      payments: transfers.payments,
      transferCalls,
      settleNewTransfersAs(status) {
        newTransferStatus = status;
      },
      complete: (referenceId) => transfers.complete(referenceId),
      fail: (referenceId) => transfers.fail(referenceId),
      refunds: refunds.payments,
      refundCalls,
      settleNewRefundsAs(status) {
        newRefundStatus = status;
      },
      completeRefund: (referenceId) => refunds.complete(referenceId),
      failRefund(referenceId, reason = 'INTERNAL_PROCESSING_ERROR') {
        refundReasons.set(referenceId, reason);
        refunds.fail(referenceId);
      },
    },
  };
}
