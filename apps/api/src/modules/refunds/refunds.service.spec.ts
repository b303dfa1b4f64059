import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { jobIds, JobName } from '@coursa/contracts';
import type { Actor } from '../../common/auth/actor.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { GatewayError } from '../../common/money-gateways/payment-gateway.js';
import type { TransferRequest, TransferState } from '../../common/money-gateways/payout-gateway.js';
import type { RefundRequest, RefundState } from '../../common/money-gateways/refund-gateway.js';
import { nextAttemptReference } from '@coursa/domain';
import type { Attempt, RefundsRepository, RefundWithDetails } from './refunds.repository.js';
import { CHECK_DELAYS_MS, LAST_CHECK, RefundsService } from './refunds.service.js';

const NOW = new Date('2026-11-25T10:00:00.000Z');
const ADMIN: AuthUser = { id: '00000000-0000-4000-8000-00000000a001', role: 'admin', fullName: 'Awa Admin' };
const AMOUNT = 25_000;
const MTN_COLLECTION_ID = '5f0c3a2e-6a2b-4c1d-9e8f-0a1b2c3d4e5f';

/** Refunds as the database keeps them: each change is the conditional update the real repository makes. */
class InMemoryRefunds {
  readonly rows = new Map<string, RefundWithDetails>();
  readonly paymentStatus = new Map<string, string>();
  readonly audit: { action: string; actor: Actor | null; reference: string; reason?: string }[] = [];

  add(changes: Partial<RefundWithDetails> & { paymentProvider?: string } = {}): RefundWithDetails {
    const id = changes.id ?? `refund-${this.rows.size + 1}`;
    const { paymentProvider = 'paycard', ...fields } = changes;
    const refund = {
      id,
      paymentId: `payment-${id}`,
      courseId: `course-${id}`,
      clientId: 'client-1',
      amount: AMOUNT,
      method: null,
      status: 'to_do',
      reference: `REFUND-COURSE_17640648000${this.rows.size + 1}`,
      phone: null,
      provider: paymentProvider,
      providerReference: null,
      failureReason: null,
      sentById: null,
      completedAt: null,
      createdAt: NOW,
      client: { fullName: 'Fanta Camara', phone: '+224620000001' },
      payment: { provider: paymentProvider, payerPhone: '+224660000001', providerReference: MTN_COLLECTION_ID, course: { number: 42 } },
      ...fields,
    } as RefundWithDetails;
    this.rows.set(id, refund);
    this.paymentStatus.set(refund.paymentId, 'refund_pending');
    return refund;
  }

  get(id: string) {
    return this.rows.get(id)!;
  }

  async list() {
    return [...this.rows.values()];
  }

  async find(id: string) {
    return this.rows.get(id) ?? null;
  }

  async claimForWallet(id: string, phone: string, actor: Actor) {
    const refund = this.rows.get(id);
    if (!refund || refund.status !== 'to_do') return null;
    this.update(id, { status: 'processing', method: 'wallet', phone, sentById: actor.id, providerReference: null });
    this.audit.push({ action: 'refund_sent', actor, reference: refund.reference });
    return this.get(id);
  }

  async recordProviderReference(attempt: Attempt, providerReference: string) {
    if (this.isUnderWay(attempt)) this.update(attempt.id, { providerReference });
  }

  async complete(attempt: Attempt, providerReference: string, at: Date, actor: Actor | null) {
    if (!this.isUnderWay(attempt)) return false;
    this.update(attempt.id, { status: 'completed', providerReference, completedAt: at });
    this.paymentStatus.set(this.get(attempt.id).paymentId, 'refunded');
    this.audit.push({ action: 'refund_completed', actor, reference: attempt.reference });
    return true;
  }

  async fail(attempt: Attempt, reason: string, actor: Actor | null) {
    if (!this.isUnderWay(attempt)) return false;
    this.update(attempt.id, { status: 'to_do', failureReason: reason, reference: nextAttemptReference(attempt.reference) });
    this.audit.push({ action: 'refund_failed', actor, reference: attempt.reference, reason });
    return true;
  }

  private isUnderWay(attempt: Attempt) {
    const refund = this.rows.get(attempt.id);
    return refund?.status === 'processing' && refund.reference === attempt.reference;
  }

  private update(id: string, changes: Partial<RefundWithDetails>) {
    this.rows.set(id, { ...this.get(id), ...changes });
  }
}

function setUp(options: { refundGateway?: boolean; payoutGateway?: boolean } = {}) {
  const refunds = new InMemoryRefunds();
  let refundState: RefundState = { state: 'completed' };
  let transferState: TransferState = 'completed';
  const refundGateway = {
    refund: jest.fn(async (request: RefundRequest) => ({ providerReference: `mtn-${request.reference}` })),
    refundStatus: jest.fn(async (_reference: string) => refundState),
  };
  const payoutGateway = {
    transfer: jest.fn(async (request: TransferRequest) => ({ providerReference: `transfer-${request.reference}` })),
    status: jest.fn(async (_reference: string) => transferState),
  };
  const jobs = { add: jest.fn(async (_name: JobName, _payload: object, _options: object) => {}) };
  const logger = { warn: jest.fn(), info: jest.fn(), error: jest.fn() };
  const service = new RefundsService(
    refunds as unknown as RefundsRepository,
    options.refundGateway === false ? null : (refundGateway as never),
    options.payoutGateway === false ? null : (payoutGateway as never),
    jobs as never,
    { now: () => NOW } as never,
    logger as never,
    // The transitions are use cases (their own specs): here each `execute` is the in-memory repository's method.
    { execute: refunds.claimForWallet.bind(refunds) } as never,
    { execute: refunds.complete.bind(refunds) } as never,
    {} as never,
    { execute: refunds.fail.bind(refunds) } as never,
  );
  return {
    service,
    refunds,
    refundGateway,
    payoutGateway,
    jobs,
    logger,
    refundAnswers: (next: RefundState) => (refundState = next),
    transferAnswers: (next: TransferState) => (transferState = next),
  };
}

const mtnRefund = (t: ReturnType<typeof setUp>) => t.refunds.add({ paymentProvider: 'mtn_momo', method: 'provider', status: 'processing' });

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('RefundsService.advance: an MTN MoMo payment refunded by MTN', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('asks MTN to refund the collected payment under our reference, and completes the refund when MTN says so', async () => {
    const refund = mtnRefund(t);

    await t.service.advance(refund.id);

    expect(t.refundGateway.refund).toHaveBeenCalledWith({ reference: refund.reference, amount: AMOUNT, paymentReference: MTN_COLLECTION_ID });
    expect(t.refundGateway.refundStatus).toHaveBeenCalledWith(`mtn-${refund.reference}`);
    expect(t.refunds.get(refund.id)).toMatchObject({ status: 'completed', completedAt: NOW, providerReference: `mtn-${refund.reference}` });
    expect(t.refunds.paymentStatus.get(refund.paymentId)).toBe('refunded');
    expect(t.refunds.audit).toEqual([{ action: 'refund_completed', actor: null, reference: refund.reference }]);
    expect(t.jobs.add).not.toHaveBeenCalled();
  });

  it('does nothing for a refund no longer under way (the job run again after it completed)', async () => {
    const refund = mtnRefund(t);
    await t.service.advance(refund.id);
    await t.service.advance(refund.id);

    expect(t.refundGateway.refund).toHaveBeenCalledTimes(1);
    expect(t.refunds.audit).toHaveLength(1);
  });

  it('asks again later while MTN says pending, with the check’s own job id and delay', async () => {
    const refund = mtnRefund(t);
    t.refundAnswers({ state: 'pending' });

    await t.service.advance(refund.id);

    expect(t.refunds.get(refund.id)).toMatchObject({ status: 'processing', providerReference: `mtn-${refund.reference}` });
    expect(t.jobs.add).toHaveBeenCalledWith(
      JobName.SendRefund,
      { refundId: refund.id, check: 1 },
      { jobId: jobIds.refundCheck(refund.reference, 1), delay: CHECK_DELAYS_MS[0] },
    );

    t.refundAnswers({ state: 'completed' });
    await t.service.advance(refund.id, 1);
    expect(t.refunds.get(refund.id).status).toBe('completed');
    expect(t.refundGateway.refund).toHaveBeenLastCalledWith({ reference: refund.reference, amount: AMOUNT, paymentReference: MTN_COLLECTION_ID });
  });

  it('gives a refund MTN failed to staff, with MTN’s reason, under the next attempt’s reference', async () => {
    const refund = mtnRefund(t);
    t.refundAnswers({ state: 'failed', reason: 'MTN MoMo : NOT_ENOUGH_FUNDS' });

    await t.service.advance(refund.id);

    expect(t.refunds.get(refund.id)).toMatchObject({
      status: 'to_do',
      failureReason: 'MTN MoMo : NOT_ENOUGH_FUNDS',
      reference: `${refund.reference}-R2`,
    });
    expect(t.refunds.paymentStatus.get(refund.paymentId)).toBe('refund_pending');
    expect(t.refunds.audit).toEqual([{ action: 'refund_failed', actor: null, reference: refund.reference, reason: 'MTN MoMo : NOT_ENOUGH_FUNDS' }]);
    expect(t.jobs.add).not.toHaveBeenCalled();
  });

  it('gives a refund MTN refused to staff, without asking its status', async () => {
    const refund = mtnRefund(t);
    t.refundGateway.refund.mockRejectedValueOnce(new GatewayError('MTN MoMo answered HTTP 403 (code NOT_ALLOWED) to refund', false));

    await t.service.advance(refund.id);

    expect(t.refundGateway.refundStatus).not.toHaveBeenCalled();
    expect(t.refunds.get(refund.id)).toMatchObject({ status: 'to_do', failureReason: 'MTN MoMo answered HTTP 403 (code NOT_ALLOWED) to refund' });
  });

  it('keeps a refund whose outcome is unknown (MTN unreachable) under way, and sends it again later under the same reference', async () => {
    const refund = mtnRefund(t);
    t.refundGateway.refund.mockRejectedValueOnce(new GatewayError('MTN MoMo unreachable (timed out) for refund', true));

    await t.service.advance(refund.id);

    expect(t.refunds.get(refund.id).status).toBe('processing');
    expect(t.jobs.add).toHaveBeenCalledWith(JobName.SendRefund, { refundId: refund.id, check: 1 }, expect.objectContaining({ jobId: jobIds.refundCheck(refund.reference, 1) }));
    await t.service.advance(refund.id, 1);
    expect(t.refundGateway.refund.mock.calls.map(([request]) => request.reference)).toEqual([refund.reference, refund.reference]);
    expect(t.refunds.get(refund.id).status).toBe('completed');
  });

  it('stops asking after a week of pending answers, and says so in the log', async () => {
    const refund = mtnRefund(t);
    t.refundAnswers({ state: 'pending' });

    await t.service.advance(refund.id, LAST_CHECK);

    expect(t.jobs.add).not.toHaveBeenCalled();
    expect(t.logger.error).toHaveBeenCalled();
    expect(t.refunds.get(refund.id).status).toBe('processing');
  });

  it('gives the refund to staff when MTN refunds are not configured (live without Disbursement)', async () => {
    t = setUp({ refundGateway: false });
    const refund = mtnRefund(t);

    await t.service.advance(refund.id);

    expect(t.refunds.get(refund.id)).toMatchObject({ status: 'to_do', failureReason: 'remboursement MTN MoMo non configuré' });
  });
});

describe('RefundsService.send: staff send a refund to the client’s wallet', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('transfers the amount under the refund’s reference to the wallet given, completes it and audits who sent it', async () => {
    const refund = t.refunds.add();

    const answer = await t.service.send(ADMIN, refund.id, { phone: '660 00 00 09' }, '10.0.0.1');

    expect(t.payoutGateway.transfer).toHaveBeenCalledWith({ reference: refund.reference, amount: AMOUNT, phone: '+224660000009' });
    expect(answer.message).toBe('Remboursement de 25\u202f000 GNF envoyé à Fanta Camara.');
    expect(answer.refund).toMatchObject({ status: 'completed', method: 'wallet', phone: '+224660000009', course_number: 'CRS-000042', client_wallet: '+224660000001' });
    expect(t.refunds.paymentStatus.get(refund.paymentId)).toBe('refunded');
    expect(t.refunds.audit.map(({ action, actor }) => [action, actor?.id])).toEqual([
      ['refund_sent', ADMIN.id],
      ['refund_completed', ADMIN.id],
    ]);
  });

  it('sends a refund once when two staff members click together: the second is told it was already sent', async () => {
    const refund = t.refunds.add();

    const [first, second] = await Promise.allSettled([
      t.service.send(ADMIN, refund.id, { phone: '+224660000009' }),
      t.service.send(ADMIN, refund.id, { phone: '+224660000009' }),
    ]);

    expect(first.status).toBe('fulfilled');
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'REFUND_ALREADY_SENT', status: 409 } });
    expect(t.payoutGateway.transfer).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an unknown refund', 'nobody', '+224660000009', 'REFUND_NOT_FOUND', 404],
    ['a wallet that is not a Guinean mobile', 'refund-1', '+33612345678', 'REFUND_PHONE_INVALID', 400],
    ['a Guinean fixed line', 'refund-1', '+224302000000', 'REFUND_PHONE_INVALID', 400],
    ['a Guinean mobile no transfer rail pays (65X)', 'refund-1', '+224650000001', 'REFUND_PHONE_INVALID', 400],
  ])('refuses %s, sending nothing', async (_case, id, phone, code, status) => {
    t.refunds.add();
    const error = await refusal(t.service.send(ADMIN, id, { phone }));
    expect(error).toMatchObject({ code, status });
    expect(t.payoutGateway.transfer).not.toHaveBeenCalled();
  });

  it.each(['processing', 'completed'] as const)('refuses a refund already %s with 409', async (status) => {
    const refund = t.refunds.add({ status });
    expect(await refusal(t.service.send(ADMIN, refund.id, { phone: '+224660000009' }))).toMatchObject({ code: 'REFUND_ALREADY_SENT', status: 409 });
    expect(t.payoutGateway.transfer).not.toHaveBeenCalled();
  });

  it('puts a refused transfer back to do with its reason, and the next click sends it under a new reference', async () => {
    const refund = t.refunds.add();
    t.payoutGateway.transfer.mockRejectedValueOnce(new GatewayError('no transfer rail for orange_money', false));

    const error = await refusal(t.service.send(ADMIN, refund.id, { phone: '+224620000009' }));

    expect(error).toMatchObject({ code: 'REFUND_FAILED', status: 502 });
    expect(error.detail).toContain('no transfer rail for orange_money');
    expect(t.refunds.get(refund.id)).toMatchObject({ status: 'to_do', failureReason: 'no transfer rail for orange_money', reference: `${refund.reference}-R2` });

    await t.service.send(ADMIN, refund.id, { phone: '+224660000009' });
    expect(t.payoutGateway.transfer).toHaveBeenLastCalledWith({ reference: `${refund.reference}-R2`, amount: AMOUNT, phone: '+224660000009' });
    expect(t.refunds.get(refund.id).status).toBe('completed');
  });

  it('puts a transfer the operator failed back to do', async () => {
    const refund = t.refunds.add();
    t.transferAnswers('failed');

    expect(await refusal(t.service.send(ADMIN, refund.id, { phone: '+224660000009' }))).toMatchObject({ code: 'REFUND_FAILED' });
    expect(t.refunds.get(refund.id).status).toBe('to_do');
  });

  it('leaves a transfer the operator has not confirmed under way, and lets the refund job ask again', async () => {
    const refund = t.refunds.add();
    t.transferAnswers('pending');

    const answer = await t.service.send(ADMIN, refund.id, { phone: '+224660000009' });

    expect(answer.message).toBe("Remboursement de 25\u202f000 GNF envoyé à Fanta Camara, en attente de confirmation de l'opérateur.");
    expect(answer.refund.status).toBe('processing');
    expect(t.jobs.add).toHaveBeenCalledWith(JobName.SendRefund, { refundId: refund.id, check: 1 }, expect.objectContaining({ jobId: jobIds.refundCheck(refund.reference, 1) }));

    t.transferAnswers('completed');
    await t.service.advance(refund.id, 1);
    expect(t.payoutGateway.transfer).toHaveBeenLastCalledWith({ reference: refund.reference, amount: AMOUNT, phone: '+224660000009' });
    expect(t.refunds.get(refund.id).status).toBe('completed');
  });

  it('says transfers are not configured, before claiming anything', async () => {
    t = setUp({ payoutGateway: false });
    const refund = t.refunds.add();
    expect(await refusal(t.service.send(ADMIN, refund.id, { phone: '+224660000009' }))).toMatchObject({ code: 'REFUNDS_NOT_CONFIGURED', status: 503 });
    expect(t.refunds.get(refund.id).status).toBe('to_do');
  });
});

describe('nextAttemptReference', () => {
  it('numbers the attempts after the first', () => {
    expect(nextAttemptReference('REFUND-COURSE_1764064800001')).toBe('REFUND-COURSE_1764064800001-R2');
    expect(nextAttemptReference('REFUND-COURSE_1764064800001-R2')).toBe('REFUND-COURSE_1764064800001-R3');
  });
});
