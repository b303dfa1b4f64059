import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jobIds, JobName } from '@coursa/contracts';
import type { Payment, PaymentProvider, PaymentStatus } from '../../generated/prisma/client.js';
import type { PaymentGateway, PaymentRecord, StatusAnswer } from '../../common/money-gateways/payment-gateway.js';
import type { NewPayment, PaymentsRepository } from '../payment-records/payments.repository.js';
import { PAYMENT_LIFETIME_MS, PaymentsService, POLL_DELAYS_MS } from './payments.service.js';

const CLIENT = '00000000-0000-4000-8000-00000000c001';
const STARTED = new Date('2026-11-25T10:00:00.000Z');
const COURSE_PRICE_GNF = 25_000;

/** Payments as the database keeps them; `settle` moves a pending one once, like the real conditional update. */
class InMemoryPayments {
  readonly rows = new Map<string, Payment>();
  readonly settled: { id: string; status: PaymentStatus; at: Date; failureReason?: string }[] = [];
  readonly touched: { id: string; at: Date }[] = [];

  add(changes: Partial<Payment> = {}): Payment {
    const id = changes.id ?? `payment-${this.rows.size + 1}`;
    const payment = {
      id,
      orderId: `COURSE_17640648000${this.rows.size + 1}`,
      clientId: CLIENT,
      provider: 'orange_money',
      method: 'orange_money',
      amount: COURSE_PRICE_GNF,
      status: 'pending',
      providerReference: `pay-token-${id}`,
      providerToken: `notif-token-${id}`,
      payerPhone: '+224620000001',
      courseId: null,
      createdAt: STARTED,
      ...changes,
    } as unknown as Payment;
    this.rows.set(id, payment);
    return payment;
  }

  async create(data: NewPayment): Promise<Payment> {
    return this.add({ ...data, providerReference: null, providerToken: null } as Partial<Payment>);
  }

  async findById(id: string) {
    return this.rows.get(id) ?? null;
  }

  async findByOrderId(orderId: string) {
    return [...this.rows.values()].find((payment) => payment.orderId === orderId) ?? null;
  }

  async findByProviderReference(provider: PaymentProvider, reference: string) {
    return [...this.rows.values()].find((payment) => payment.provider === provider && payment.providerReference === reference) ?? null;
  }

  async findByProviderToken(provider: PaymentProvider, token: string) {
    return [...this.rows.values()].find((payment) => payment.provider === provider && payment.providerToken === token) ?? null;
  }

  async recordInitiation(id: string, data: { providerReference: string; paymentUrl?: string; providerToken?: string }) {
    this.rows.set(id, { ...this.rows.get(id)!, ...data } as Payment);
  }

  async touchChecked(id: string, at: Date) {
    this.touched.push({ id, at });
  }

  /** What `settle` was handed to make a paid order's course, called as the real one does (with no transaction here). */
  readonly fulfilled: string[] = [];

  async settle(
    id: string,
    status: 'succeeded' | 'failed' | 'expired',
    at: Date,
    failureReason?: string,
    fulfil?: (tx: never, payment: Payment) => Promise<unknown>,
  ): Promise<boolean> {
    const payment = this.rows.get(id);
    if (!payment || payment.status !== 'pending') return false;
    this.rows.set(id, { ...payment, status, failureReason: failureReason ?? null } as Payment);
    this.settled.push({ id, status, at, failureReason });
    if (status === 'succeeded' && payment.order && fulfil) {
      await fulfil(undefined as never, payment);
      this.fulfilled.push(id);
    }
    return true;
  }
}

/** A provider whose status call answers what the test says, and whose payment page is always created. */
function fakeGateway() {
  let answer: StatusAnswer = { state: 'pending' };
  const gateway = {
    initiate: jest.fn(async (request: { orderId: string }) => ({
      providerReference: `ref-${request.orderId}`,
      paymentUrl: `https://pay.example/${request.orderId}`,
    })),
    status: jest.fn(async (_payment: PaymentRecord): Promise<StatusAnswer> => answer),
  };
  return { gateway, answers: (next: StatusAnswer) => (answer = next) };
}

function setUp() {
  const payments = new InMemoryPayments();
  const providers = { paycard: fakeGateway(), orange_money: fakeGateway(), mtn_momo: fakeGateway(), card: fakeGateway() };
  const gateways = Object.fromEntries(Object.entries(providers).map(([name, { gateway }]) => [name, gateway as unknown as PaymentGateway]));
  const jobs = { add: jest.fn(async (_name: JobName, _payload: object, _options: object) => {}) };
  const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn() };
  let now = new Date(STARTED.getTime() + 60_000);
  const clock = { now: () => now };
  const config = {
    PAYMENT_METHODS: ['paycard', 'orange_money', 'mtn_momo', 'card', 'cash_on_delivery'],
    PAYMENT_DRIVER: 'live',
    USD_RATE_GNF: 8600,
    PUBLIC_URL: 'https://coursa.example',
  };
  // The order desk prices every order at the course price, and makes its course when asked.
  const desk = {
    price: jest.fn(async (_client: object, _order: object) => ({ total: COURSE_PRICE_GNF })),
    fulfil: jest.fn(async () => ({ courseId: 'course-1' })),
  };
  const service = new PaymentsService(
    payments as unknown as PaymentsRepository,
    gateways as never,
    jobs as never,
    {} as never,
    clock as never,
    config as never,
    logger as never,
    desk as never,
    // Settling is the SettlePaymentUseCase's (its own spec): here it is the in-memory `settle` the assertions read.
    { execute: payments.settle.bind(payments) } as never,
    {} as never,
  );
  return { service, payments, providers, jobs, logger, desk, now: () => now, setNow: (at: Date) => (now = at) };
}

describe('PaymentsService.check: crediting a payment', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('credits a payment the provider says is paid with exactly our amount', async () => {
    const payment = t.payments.add();
    t.providers.orange_money.answers({ state: 'paid', paidAmount: COURSE_PRICE_GNF });

    await t.service.check(payment.id);

    expect(t.providers.orange_money.gateway.status).toHaveBeenCalledWith({
      orderId: payment.orderId,
      amount: COURSE_PRICE_GNF,
      providerReference: payment.providerReference!,
      providerToken: payment.providerToken,
    });
    expect(t.payments.settled).toEqual([{ id: payment.id, status: 'succeeded', at: t.now(), failureReason: undefined }]);
    expect(t.payments.rows.get(payment.id)!.status).toBe('succeeded');
  });

  it('asks the gateway of the payment’s own provider, not another one', async () => {
    const payment = t.payments.add({ provider: 'mtn_momo', method: 'mtn_momo' });
    t.providers.mtn_momo.answers({ state: 'paid', paidAmount: COURSE_PRICE_GNF });
    t.providers.orange_money.answers({ state: 'failed' });

    await t.service.check(payment.id);

    expect(t.providers.orange_money.gateway.status).not.toHaveBeenCalled();
    expect(t.payments.rows.get(payment.id)!.status).toBe('succeeded');
  });

  it.each([
    ['less than the price', COURSE_PRICE_GNF - 1],
    ['more than the price', COURSE_PRICE_GNF + 5_000],
    ['the price in another unit (USD cents)', 291],
    ['no amount at all', undefined],
  ])('does not credit a payment of %s: it fails it as an amount mismatch and warns the operators', async (_case, paidAmount) => {
    const payment = t.payments.add();
    t.providers.orange_money.answers({ state: 'paid', paidAmount });

    await t.service.check(payment.id);

    expect(t.payments.settled).toEqual([{ id: payment.id, status: 'failed', at: t.now(), failureReason: 'amount_mismatch' }]);
    expect(t.logger.warn).toHaveBeenCalledWith(
      { orderId: payment.orderId, expected: COURSE_PRICE_GNF, paid: paidAmount },
      'payment amount mismatch',
    );
  });

  it('fails a payment the provider says failed', async () => {
    const payment = t.payments.add();
    t.providers.orange_money.answers({ state: 'failed' });

    await t.service.check(payment.id);

    expect(t.payments.settled).toEqual([{ id: payment.id, status: 'failed', at: t.now(), failureReason: 'provider_failed' }]);
  });

  it('leaves a payment the provider still has pending as it is, only noting when it was asked', async () => {
    const payment = t.payments.add();

    await t.service.check(payment.id);

    expect(t.payments.settled).toEqual([]);
    expect(t.payments.touched).toEqual([{ id: payment.id, at: t.now() }]);
    // A check prompted by a notice schedules nothing: the polls already run.
    expect(t.jobs.add).not.toHaveBeenCalled();
  });

  it('schedules the next poll of a payment still pending, with its own job id and delay', async () => {
    const payment = t.payments.add();

    await t.service.check(payment.id, 0);

    expect(t.payments.settled).toEqual([]);
    expect(t.jobs.add).toHaveBeenCalledWith(
      JobName.CheckPayment,
      { paymentId: payment.id, poll: 1 },
      { jobId: jobIds.paymentPoll(payment.id, 1), delay: POLL_DELAYS_MS[1] },
    );
  });

  it('expires a payment still pending 24 hours after it started, and stops polling it', async () => {
    const payment = t.payments.add();
    t.setNow(new Date(STARTED.getTime() + PAYMENT_LIFETIME_MS));

    await t.service.check(payment.id, 7);

    expect(t.payments.settled).toEqual([{ id: payment.id, status: 'expired', at: t.now(), failureReason: 'no_final_status_in_24h' }]);
    expect(t.jobs.add).not.toHaveBeenCalled();
  });

  it('keeps polling a payment pending for just under 24 hours', async () => {
    const payment = t.payments.add();
    t.setNow(new Date(STARTED.getTime() + PAYMENT_LIFETIME_MS - 1));

    await t.service.check(payment.id, 7);

    expect(t.payments.settled).toEqual([]);
    expect(t.jobs.add).toHaveBeenCalledTimes(1);
  });

  it.each(['succeeded', 'failed', 'expired', 'refund_pending'] as const)(
    'leaves a payment already %s alone: the provider is not asked and nothing changes',
    async (status) => {
      const payment = t.payments.add({ status });
      t.providers.orange_money.answers({ state: 'failed' });

      await t.service.check(payment.id, 0);

      expect(t.providers.orange_money.gateway.status).not.toHaveBeenCalled();
      expect(t.payments.settled).toEqual([]);
      expect(t.payments.rows.get(payment.id)!.status).toBe(status);
      expect(t.jobs.add).not.toHaveBeenCalled();
    },
  );

  it('credits once when the same check is replayed after the payment succeeded', async () => {
    const payment = t.payments.add();
    t.providers.orange_money.answers({ state: 'paid', paidAmount: COURSE_PRICE_GNF });

    await t.service.check(payment.id);
    await t.service.check(payment.id);

    expect(t.providers.orange_money.gateway.status).toHaveBeenCalledTimes(1);
    expect(t.payments.settled).toHaveLength(1);
  });

  it('does not ask the provider about a payment it never accepted (no provider reference) or an unknown one', async () => {
    const payment = t.payments.add({ providerReference: null });

    await t.service.check(payment.id);
    await t.service.check('no-such-payment');

    expect(t.providers.orange_money.gateway.status).not.toHaveBeenCalled();
    expect(t.payments.settled).toEqual([]);
  });
});

describe('PaymentsService.onProviderNotice: a callback is only a hint', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('queues one deduplicated check of a pending payment, and credits nothing by itself', async () => {
    const payment = t.payments.add();

    const found = await t.service.onProviderNotice('orange_money', { notifyToken: payment.providerToken! });

    expect(found?.id).toBe(payment.id);
    expect(t.jobs.add).toHaveBeenCalledWith(JobName.CheckPayment, { paymentId: payment.id }, { jobId: jobIds.paymentNotice(payment.id) });
    expect(t.payments.settled).toEqual([]);
    expect(t.providers.orange_money.gateway.status).not.toHaveBeenCalled();
  });

  it('queues nothing when a callback is replayed for a payment already settled', async () => {
    const payment = t.payments.add({ provider: 'mtn_momo', method: 'mtn_momo', status: 'succeeded' });

    await t.service.onProviderNotice('mtn_momo', { providerReference: payment.providerReference! });

    expect(t.jobs.add).not.toHaveBeenCalled();
    expect(t.payments.rows.get(payment.id)!.status).toBe('succeeded');
  });

  it('ignores a notice naming another provider’s payment, or a token nobody was given', async () => {
    const payment = t.payments.add({ provider: 'paycard', method: 'paycard' });

    expect(await t.service.onProviderNotice('orange_money', { orderId: payment.orderId })).toBeNull();
    expect(await t.service.onProviderNotice('orange_money', { notifyToken: 'forged-token' })).toBeNull();
    expect(await t.service.onProviderNotice('orange_money', {})).toBeNull();
    expect(t.jobs.add).not.toHaveBeenCalled();
  });
});

describe('PaymentsService: amounts are whole GNF', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  const common = { order_id: 'COURSE_1764064800123', amount: COURSE_PRICE_GNF, customer_name: 'Mariama Diallo' };

  it('asks mobile money for the course price in GNF, records it in GNF and answers in GNF', async () => {
    const answer = await t.service.payWithMobileMoney(
      { id: CLIENT },
      { ...common, currency: 'GNF', payment_method: 'orange_money', phone_number: '620 00 00 01' } as never,
    );

    expect(answer).toMatchObject({ status: 'initiated', order_id: common.order_id, amount: COURSE_PRICE_GNF, currency: 'GNF' });
    expect(t.providers.orange_money.gateway.initiate).toHaveBeenCalledWith(expect.objectContaining({ amount: COURSE_PRICE_GNF, payerPhone: '+224620000001' }));
    const stored = (await t.payments.findByOrderId(common.order_id))!;
    expect(stored).toMatchObject({ amount: COURSE_PRICE_GNF, clientId: CLIENT, provider: 'orange_money', status: 'pending' });
  });

  it('charges a card in US cents rounded up from the GNF price, and still records the GNF price', async () => {
    const answer = await t.service.payWithCard(
      { id: CLIENT },
      { ...common, currency: 'USD', card_number: '4242424242424242', cvv: '123', expiry_month: '12', expiry_year: '2030' } as never,
    );

    // 25 000 GNF at 8 600 GNF per dollar is 2.9069… USD: the card is charged 2.91 USD, never less than the price.
    expect(answer).toMatchObject({ status: 'requires_3ds', amount: COURSE_PRICE_GNF, currency: 'USD', amount_usd: 2.91 });
    expect(t.providers.card.gateway.initiate).toHaveBeenCalledWith(expect.objectContaining({ amount: COURSE_PRICE_GNF, amountUsdCents: 291, jumpTo: 'cc' }));
    expect(await t.payments.findByOrderId(common.order_id)).toMatchObject({ amount: COURSE_PRICE_GNF, amountUsdCents: 291, usdRate: 8600 });
  });

  it('credits a card payment only when the provider reports the GNF price', async () => {
    const payment = t.payments.add({ provider: 'card', method: 'card', amountUsdCents: 291 } as Partial<Payment>);
    t.providers.card.answers({ state: 'paid', paidAmount: COURSE_PRICE_GNF });

    await t.service.check(payment.id);

    expect(t.payments.rows.get(payment.id)!.status).toBe('succeeded');
  });
});

describe('PaymentsService: the order is the server\'s (issue 34)', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });
  const ORDER = {
    pickup_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122, instructions: null },
    delivery_location: { address: 'Ratoma', latitude: 9.6412, longitude: -13.5784, instructions: null },
    recipient_phone: '+224622000002',
  };
  const mtnOrder = (changes: object = {}) => ({
    amount: COURSE_PRICE_GNF,
    currency: 'GNF' as const,
    customer_name: 'Fanta',
    phone_number: '664 00 00 01',
    order_id: 'COURSE_1764064800001',
    payment_method: 'mtn_momo' as const,
    course: ORDER,
    ...changes,
  });

  it('stores the order with its payment once its price is the amount, and says the prompt went to the phone', async () => {
    t.providers.mtn_momo.gateway.initiate.mockResolvedValueOnce({ providerReference: 'mtn-ref' } as never);
    const answer = await t.service.payWithMobileMoney({ id: CLIENT }, mtnOrder() as never);
    expect(answer).toMatchObject({ status: 'initiated', prompt_phone: '+224664000001' });
    expect(answer.payment_link).toBeUndefined();
    expect(t.desk.price).toHaveBeenCalledWith({ id: CLIENT }, ORDER);
    expect(t.payments.rows.get('payment-1')!.order).toEqual(ORDER);
  });

  it('refuses an order whose price is not the amount, before asking anybody to pay', async () => {
    t.desk.price.mockResolvedValueOnce({ total: COURSE_PRICE_GNF + 1_000 });
    await expect(t.service.payWithMobileMoney({ id: CLIENT }, mtnOrder() as never)).rejects.toMatchObject({ code: 'PAYMENT_AMOUNT_MISMATCH', status: 422 });
    expect(t.providers.mtn_momo.gateway.initiate).not.toHaveBeenCalled();
    expect(t.payments.rows.size).toBe(0);
  });

  it('makes the course when the payment is credited, not before', async () => {
    const payment = t.payments.add({ provider: 'mtn_momo', method: 'mtn_momo', order: ORDER } as never);
    t.providers.mtn_momo.answers({ state: 'pending' });
    await t.service.check(payment.id);
    expect(t.desk.fulfil).not.toHaveBeenCalled();
    t.providers.mtn_momo.answers({ state: 'paid', paidAmount: COURSE_PRICE_GNF });
    await t.service.check(payment.id);
    expect(t.desk.fulfil).toHaveBeenCalledTimes(1);
    expect(t.payments.fulfilled).toEqual([payment.id]);
  });

  it('keeps the provider\'s reason for a refused prompt, and says it in French', async () => {
    const payment = t.payments.add({ provider: 'mtn_momo', method: 'mtn_momo' } as never);
    t.providers.mtn_momo.answers({ state: 'failed', reason: 'APPROVAL_REJECTED' });
    await t.service.check(payment.id);
    expect(t.payments.settled[0]!.failureReason).toBe('provider_failed:APPROVAL_REJECTED');
    const status = await t.service.statusFor({ id: CLIENT }, payment.orderId);
    expect(status.failure_message).toBe("Paiement refusé sur le téléphone. Aucun montant n'a été débité.");
  });
});
