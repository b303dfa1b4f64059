import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import {
  startFakeMtnMomo,
  startFakeOrangeMoney,
  startFakePayCard,
  type FakeMtnMomo,
  type FakeOrangeMoney,
  type FakePayCard,
  type FakePaymentServer,
} from '../../../../../test/support/fake-payment-servers.js';
import { MtnMomoGateway, type MtnMomoSettings } from './mtn-momo.gateway.js';
import { OrangeMoneyGateway, type OrangeMoneySettings } from './orange-money.gateway.js';
import { GatewayError, type InitiateRequest, type PaymentGateway, type ProviderState } from './payment-gateway.js';
import { PayCardGateway } from './paycard.gateway.js';

const PAYCARD = { merchantCode: 'MjcyMDQxNzM-paycard-Xr5' };
const ORANGE = { clientId: 'orange-client-9d2c', clientSecret: 'orange-secret-Hq47r', merchantKey: 'om-merchant-key-55ab' };
const MTN = {
  subscriptionKey: 'mtn-subscription-3f9e',
  apiUser: randomUUID(),
  apiKey: 'mtn-api-key-Lk20s',
  targetEnvironment: 'mtnguineaconakry',
};

const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');

/** Credentials that must never appear in an error message (tokens are taken from the requests the fakes saw). */
const PAYCARD_SECRETS = [PAYCARD.merchantCode];
const ORANGE_SECRETS = [ORANGE.clientSecret, ORANGE.merchantKey, basic(ORANGE.clientId, ORANGE.clientSecret)];
const MTN_SECRETS = [MTN.apiKey, MTN.subscriptionKey, basic(MTN.apiUser, MTN.apiKey)];

let orders = 0;
/** A payment request with an order reference no other test uses. */
function paymentRequest(changes: Partial<InitiateRequest> = {}): InitiateRequest {
  orders += 1;
  return {
    orderId: `COURSE_${Date.now()}${orders}`,
    amount: 25_000,
    description: 'Course Kaloum → Ratoma',
    customerName: 'Mariama Diallo',
    customerEmail: 'mariama@example.gn',
    payerPhone: '+224660000001',
    returnUrl: 'https://coursa.example/paiement/retour',
    notifyUrl: 'https://api.coursa.example/api/payments/notify',
    ...changes,
  };
}

const payCard = (url: string, merchantCode = PAYCARD.merchantCode) => new PayCardGateway({ baseUrl: url, merchantCode });
const orangeMoney = (url: string, changes: Partial<OrangeMoneySettings> = {}) =>
  new OrangeMoneyGateway({ baseUrl: url, ...ORANGE, countryPath: 'gn', ...changes });
const mtnMomo = (url: string, changes: Partial<MtnMomoSettings> = {}) => new MtnMomoGateway({ baseUrl: url, ...MTN, ...changes });

interface Provider {
  name: string;
  start(): Promise<FakePaymentServer<string>>;
  gateway(url: string): PaymentGateway;
  /** Every status the provider gives, and what it means to us. */
  statuses: [string, ProviderState][];
  secrets: string[];
}

const providers: Provider[] = [
  {
    name: 'PayCard',
    start: () => startFakePayCard(PAYCARD),
    gateway: (url) => payCard(url),
    statuses: [
      ['new', 'pending'],
      ['pending', 'pending'],
      ['success', 'paid'],
      ['failed', 'failed'],
      ['canceled', 'failed'],
      ['error', 'failed'],
    ],
    secrets: PAYCARD_SECRETS,
  },
  {
    name: 'Orange Money',
    start: () => startFakeOrangeMoney(ORANGE),
    gateway: (url) => orangeMoney(url),
    statuses: [
      ['INITIATED', 'pending'],
      ['PENDING', 'pending'],
      ['SUCCESS', 'paid'],
      ['FAILED', 'failed'],
      ['EXPIRED', 'failed'],
    ],
    secrets: ORANGE_SECRETS,
  },
  {
    name: 'MTN MoMo',
    start: () => startFakeMtnMomo(MTN),
    gateway: (url) => mtnMomo(url),
    statuses: [
      ['PENDING', 'pending'],
      ['SUCCESSFUL', 'paid'],
      ['FAILED', 'failed'],
    ],
    secrets: MTN_SECRETS,
  },
];

/** The GatewayError the call failed with, after checking that no credential, token or URL is in its message. */
async function failureOf(call: Promise<unknown>, secrets: string[], server?: FakePaymentServer<string>): Promise<GatewayError> {
  const error = await call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(GatewayError);
  const message = (error as GatewayError).message;
  const tokens = (server?.received ?? []).map((request) => request.headers.authorization?.replace(/^\w+ /, '') ?? '');
  for (const secret of [...secrets, ...tokens.filter(Boolean)]) expect(message).not.toContain(secret);
  expect(message).not.toMatch(/https?:\/\//);
  return error as GatewayError;
}

describe.each(providers)('$name gateway', (provider) => {
  let server: FakePaymentServer<string>;
  beforeAll(async () => {
    server = await provider.start();
  });
  afterAll(() => server.stop());

  /** A payment created through the gateway, with its record as the payments module keeps it. */
  async function createdPayment(gateway = provider.gateway(server.url)) {
    const request = paymentRequest();
    const { providerReference } = await gateway.initiate(request);
    return { gateway, record: { orderId: request.orderId, amount: request.amount, providerReference } };
  }

  it.each(provider.statuses)('reads the status %s as %s', async (providerStatus, state) => {
    const { gateway, record } = await createdPayment();
    server.setStatus(record.providerReference, providerStatus);
    const expected = state === 'paid' ? { state, paidAmount: record.amount } : { state };
    // A failure may carry the provider's reason (MTN's), checked below.
    expect(await gateway.status(record)).toMatchObject(expected);
  });

  it('reports the payer paying and the payer refusing', async () => {
    const { gateway, record } = await createdPayment();
    expect(await gateway.status(record)).toEqual({ state: 'pending' });
    server.complete(record.providerReference);
    expect(await gateway.status(record)).toEqual({ state: 'paid', paidAmount: 25_000 });

    const refused = await createdPayment(gateway);
    server.fail(refused.record.providerReference);
    expect(await gateway.status(refused.record)).toMatchObject({ state: 'failed' });
  });

  it.each([408, 429, 500, 503])('treats HTTP %i as retryable, and asking again works', async (status) => {
    const { gateway, record } = await createdPayment();
    server.failNext(1, status);
    const error = await failureOf(gateway.status(record), provider.secrets, server);
    expect(error.retryable).toBe(true);
    expect(error.message).toContain(`HTTP ${status}`);
    expect(await gateway.status(record)).toEqual({ state: 'pending' });
  });

  it.each([400, 403, 404])('gives up on HTTP %i', async (status) => {
    const { gateway, record } = await createdPayment();
    server.failNext(1, status);
    const error = await failureOf(gateway.status(record), provider.secrets, server);
    expect(error.retryable).toBe(false);
    expect(error.message).toContain(`HTTP ${status}`);
  });

  it('treats a provider out of reach as retryable, on creation and on status checks', async () => {
    const gateway = provider.gateway('http://127.0.0.1:1');
    expect((await failureOf(gateway.initiate(paymentRequest()), provider.secrets)).retryable).toBe(true);
    const record = { orderId: 'COURSE_1', amount: 25_000, providerReference: randomUUID() };
    expect((await failureOf(gateway.status(record), provider.secrets)).retryable).toBe(true);
  });

  it('gives up on a payment the provider does not know', async () => {
    const record = { orderId: 'COURSE_2', amount: 25_000, providerReference: randomUUID() };
    const error = await failureOf(provider.gateway(server.url).status(record), provider.secrets, server);
    expect(error.retryable).toBe(false);
  });
});

describe('PayCard gateway', () => {
  let paycard: FakePayCard;
  beforeAll(async () => {
    paycard = await startFakePayCard(PAYCARD);
  });
  afterAll(() => paycard.stop());

  it('creates the payment with the fields PayCard reads, and gives its page', async () => {
    const request = paymentRequest({ jumpTo: 'om' });
    const initiated = await payCard(paycard.url).initiate(request);

    expect(initiated).toEqual({ providerReference: request.orderId, paymentUrl: expect.stringMatching(/^http:\/\//) });
    const [created] = paycard.received.slice(-1);
    expect(created).toMatchObject({ method: 'POST', path: '/epay/create', headers: { 'content-type': 'application/json' } });
    expect(created!.body).toEqual({
      c: PAYCARD.merchantCode,
      'paycard-amount': '25000',
      'paycard-description': request.description,
      'paycard-operation-reference': request.orderId,
      'paycard-callback-url': request.returnUrl,
      'paycard-auto-redirect': 'on',
      'paycard-redirect-with-get': 'on',
      'paycard-jump-to-om': 'on',
    });
  });

  it('lets the customer choose the method when none is given', async () => {
    await payCard(paycard.url).initiate(paymentRequest());
    expect(Object.keys(paycard.received.at(-1)!.body as object).filter((field) => field.includes('jump-to'))).toEqual([]);
  });

  it('asks for the status under the merchant code and reports the amount PayCard says was paid', async () => {
    const gateway = payCard(paycard.url);
    const request = paymentRequest();
    const { providerReference } = await gateway.initiate(request);
    paycard.complete(providerReference, { amount: 20_000 });

    const answer = await gateway.status({ orderId: request.orderId, amount: request.amount, providerReference });
    expect(answer).toEqual({ state: 'paid', paidAmount: 20_000 });
    expect(paycard.received.at(-1)).toMatchObject({
      method: 'GET',
      path: `/epay/${PAYCARD.merchantCode}/${providerReference}/status`,
    });
  });

  it('gives up when PayCard refuses (code ≠ 0), without quoting the merchant code', async () => {
    const wrongCode = 'wrong-merchant-Tz81';
    const gateway = payCard(paycard.url, wrongCode);
    const created = await failureOf(gateway.initiate(paymentRequest()), [wrongCode, PAYCARD.merchantCode]);
    expect(created).toMatchObject({ retryable: false, message: expect.stringContaining('code 1') });

    const { providerReference } = await payCard(paycard.url).initiate(paymentRequest());
    const checked = await failureOf(gateway.status({ orderId: 'COURSE_3', amount: 25_000, providerReference }), [wrongCode]);
    expect(checked.retryable).toBe(false);
  });

  it('sends the browser back with the references PayCard puts on the callback URL', async () => {
    const request = paymentRequest();
    const { providerReference } = await payCard(paycard.url).initiate(request);
    paycard.complete(providerReference);

    const returned = new URL(paycard.browserReturnUrl(providerReference));
    expect(`${returned.origin}${returned.pathname}`).toBe(request.returnUrl);
    expect(Object.fromEntries(returned.searchParams)).toEqual({
      'paycard-operation-reference': providerReference,
      'transaction-reference': expect.stringMatching(/^\d{4}-[A-Z]{6}$/),
    });
  });
});

describe('Orange Money gateway', () => {
  let orange: FakeOrangeMoney;
  beforeAll(async () => {
    orange = await startFakeOrangeMoney(ORANGE);
  });
  afterAll(() => orange.stop());

  it('creates the web payment in the shape Orange reads, and keeps its notification token', async () => {
    const request = paymentRequest();
    const initiated = await orangeMoney(orange.url).initiate(request);

    const [created] = orange.received.slice(-1);
    expect(created).toMatchObject({
      method: 'POST',
      path: '/orange-money-webpay/gn/v1/webpayment',
      headers: { authorization: expect.stringMatching(/^Bearer \S+$/), 'content-type': 'application/json' },
    });
    expect(created!.body).toEqual({
      merchant_key: ORANGE.merchantKey,
      currency: 'GNF',
      order_id: request.orderId,
      amount: 25_000,
      return_url: request.returnUrl,
      cancel_url: request.returnUrl,
      notif_url: request.notifyUrl,
      lang: 'fr',
      reference: request.orderId,
    });
    expect(orange.payments.get(initiated.providerReference)).toMatchObject({ orderId: request.orderId, status: 'INITIATED' });
    expect(initiated.paymentUrl).toContain(initiated.providerReference);
    orange.complete(initiated.providerReference);
    expect(orange.notification(initiated.providerReference)).toEqual({
      status: 'SUCCESS',
      notif_token: initiated.notifyToken,
      txnid: expect.stringMatching(/^MP/),
    });
  });

  it('checks the status with the order, the amount and the pay token', async () => {
    const gateway = orangeMoney(orange.url);
    const request = paymentRequest();
    const { providerReference } = await gateway.initiate(request);
    await gateway.status({ orderId: request.orderId, amount: request.amount, providerReference });

    expect(orange.received.at(-1)).toMatchObject({
      path: '/orange-money-webpay/gn/v1/transactionstatus',
      body: { order_id: request.orderId, amount: 25_000, pay_token: providerReference },
    });
  });

  it('never reports paid a payment whose amount is not the one asked', async () => {
    const gateway = orangeMoney(orange.url);
    const request = paymentRequest();
    const { providerReference } = await gateway.initiate(request);
    orange.complete(providerReference, { amount: 20_000 });

    const record = { orderId: request.orderId, amount: request.amount, providerReference };
    const error = await failureOf(gateway.status(record), ORANGE_SECRETS, orange);
    expect(error.retryable).toBe(false);
  });

  it('uses the sandbox path when told', async () => {
    const sandbox = await startFakeOrangeMoney({ ...ORANGE, countryPath: 'dev' });
    try {
      await orangeMoney(sandbox.url, { countryPath: 'dev' }).initiate(paymentRequest());
      expect(sandbox.received.map((request) => request.path)).toEqual(['/orange-money-webpay/dev/v1/webpayment']);
    } finally {
      await sandbox.stop();
    }
  });

  it('gives up at once on a merchant key Orange does not know', async () => {
    const error = await failureOf(orangeMoney(orange.url, { merchantKey: 'wrong-merchant-key' }).initiate(paymentRequest()), [
      'wrong-merchant-key',
      ORANGE.merchantKey,
    ]);
    expect(error.retryable).toBe(false);
  });
});

describe('MTN MoMo gateway', () => {
  let mtn: FakeMtnMomo;
  beforeAll(async () => {
    mtn = await startFakeMtnMomo(MTN);
  });
  afterAll(() => mtn.stop());

  it('tells why a request to pay failed, in MTN’s words: refused on the phone, expired, no funds', async () => {
    const gateway = mtnMomo(mtn.url);
    for (const reason of ['APPROVAL_REJECTED', 'EXPIRED', 'NOT_ENOUGH_FUNDS']) {
      const request = paymentRequest();
      const { providerReference } = await gateway.initiate(request);
      mtn.decline(providerReference, reason);
      expect(await gateway.status({ orderId: request.orderId, amount: request.amount, providerReference })).toEqual({ state: 'failed', reason });
    }
  });

  it('asks the payer’s phone to pay, under a reference id of its own, with MTN’s headers and body', async () => {
    const request = paymentRequest();
    const initiated = await mtnMomo(mtn.url).initiate(request);

    expect(initiated).toEqual({ providerReference: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const [created] = mtn.received.slice(-1);
    expect(created).toMatchObject({
      method: 'POST',
      path: '/collection/v1_0/requesttopay',
      headers: {
        authorization: expect.stringMatching(/^Bearer \S+$/),
        'x-reference-id': initiated.providerReference,
        'x-target-environment': MTN.targetEnvironment,
        'x-callback-url': request.notifyUrl,
        'ocp-apim-subscription-key': MTN.subscriptionKey,
        'content-type': 'application/json',
      },
    });
    expect(created!.body).toEqual({
      amount: '25000',
      currency: 'GNF',
      externalId: request.orderId,
      payer: { partyIdType: 'MSISDN', partyId: '224660000001' },
      payerMessage: request.description,
      payeeNote: request.orderId,
    });
  });

  it('gives up without calling MTN when the payer’s phone is missing', async () => {
    const received = mtn.received.length;
    const error = await failureOf(mtnMomo(mtn.url).initiate(paymentRequest({ payerPhone: undefined })), MTN_SECRETS);
    expect(error.retryable).toBe(false);
    expect(mtn.received).toHaveLength(received);
  });

  it('reports the amount MTN says was paid, and calls back with the same shape', async () => {
    const gateway = mtnMomo(mtn.url);
    const request = paymentRequest();
    const { providerReference } = await gateway.initiate(request);
    mtn.complete(providerReference, { amount: 20_000 });

    const answer = await gateway.status({ orderId: request.orderId, amount: request.amount, providerReference });
    expect(answer).toEqual({ state: 'paid', paidAmount: 20_000 });
    expect(mtn.received.at(-1)).toMatchObject({ method: 'GET', path: `/collection/v1_0/requesttopay/${providerReference}` });
    expect(mtn.callback(providerReference)).toMatchObject({
      amount: '20000',
      externalId: request.orderId,
      financialTransactionId: expect.stringMatching(/^\d+$/),
      status: 'SUCCESSFUL',
    });
  });

  it.each([
    ['subscription key', { subscriptionKey: 'wrong-subscription-key' }],
    ['API key', { apiKey: 'wrong-api-key' }],
  ])('gives up at once on a wrong %s', async (_, wrong) => {
    const error = await failureOf(mtnMomo(mtn.url, wrong).initiate(paymentRequest()), [...MTN_SECRETS, ...Object.values(wrong)]);
    expect(error).toMatchObject({ retryable: false, message: expect.stringContaining('HTTP 401') });
  });
});

interface TokenProvider {
  name: string;
  start(tokenLifetimeSeconds?: number): Promise<FakeOrangeMoney | FakeMtnMomo>;
  gateway(url: string): PaymentGateway;
  withWrongSecret(url: string): PaymentGateway;
  secrets: string[];
}

const tokenProviders: TokenProvider[] = [
  {
    name: 'Orange Money',
    start: (tokenLifetimeSeconds) => startFakeOrangeMoney({ ...ORANGE, tokenLifetimeSeconds }),
    gateway: (url) => orangeMoney(url),
    withWrongSecret: (url) => orangeMoney(url, { clientSecret: 'wrong-orange-secret' }),
    secrets: [...ORANGE_SECRETS, 'wrong-orange-secret', basic(ORANGE.clientId, 'wrong-orange-secret')],
  },
  {
    name: 'MTN MoMo',
    start: (tokenLifetimeSeconds) => startFakeMtnMomo({ ...MTN, tokenLifetimeSeconds }),
    gateway: (url) => mtnMomo(url),
    withWrongSecret: (url) => mtnMomo(url, { apiKey: 'wrong-mtn-key' }),
    secrets: [...MTN_SECRETS, 'wrong-mtn-key', basic(MTN.apiUser, 'wrong-mtn-key')],
  },
];

describe.each(tokenProviders)('$name access token', (provider) => {
  let server: FakeOrangeMoney | FakeMtnMomo;
  beforeAll(async () => {
    server = await provider.start();
  });
  afterAll(() => server.stop());

  it('is requested once and shared, also by calls made at the same time', async () => {
    const gateway = provider.gateway(server.url);
    const before = server.tokensIssued;
    await Promise.all([1, 2, 3].map(() => gateway.initiate(paymentRequest())));
    await gateway.initiate(paymentRequest());
    expect(server.tokensIssued - before).toBe(1);
    expect(new Set(server.received.slice(-4).map((request) => request.headers.authorization)).size).toBe(1);
  });

  it('is renewed once when the provider ends it early, and the call goes through', async () => {
    const gateway = provider.gateway(server.url);
    await gateway.initiate(paymentRequest());
    const before = server.tokensIssued;
    server.expireTokens();
    await gateway.initiate(paymentRequest());
    expect(server.tokensIssued - before).toBe(1);
  });

  it('is renewed only once: a second 401 is a failure', async () => {
    // Tokens that are expired as soon as given: the first one and its renewal are both refused.
    const expiring = await provider.start(0);
    try {
      const error = await failureOf(provider.gateway(expiring.url).initiate(paymentRequest()), provider.secrets);
      expect(error).toMatchObject({ retryable: false, message: expect.stringContaining('HTTP 401') });
      expect(expiring.tokensIssued).toBe(2);
    } finally {
      await expiring.stop();
    }
  });

  it('is renewed before it expires', async () => {
    // 30 s is within the renewal margin: the token is never reused.
    const shortLived = await provider.start(30);
    try {
      const gateway = provider.gateway(shortLived.url);
      await gateway.initiate(paymentRequest());
      await gateway.initiate(paymentRequest());
      expect(shortLived.tokensIssued).toBe(2);
    } finally {
      await shortLived.stop();
    }
  });

  it('is refused for wrong credentials: a failure to fix, not to retry, without quoting them', async () => {
    const error = await failureOf(provider.withWrongSecret(server.url).initiate(paymentRequest()), provider.secrets);
    expect(error).toMatchObject({ retryable: false, message: expect.stringContaining('HTTP 401') });
  });

  it('treats a token endpoint in trouble as retryable', async () => {
    server.failNext(1, 503);
    const error = await failureOf(provider.gateway(server.url).initiate(paymentRequest()), provider.secrets);
    expect(error.retryable).toBe(true);
  });
});
