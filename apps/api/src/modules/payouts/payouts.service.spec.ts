import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { GatewayError } from '../../common/money-gateways/payment-gateway.js';
import { NoRailError, type TransferState } from '../../common/money-gateways/payout-gateway.js';
import { NO_RAIL_REASON, PayoutsService } from './payouts.service.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const COURIER = '00000000-0000-4000-8000-00000000d001';

function setUp() {
  const payout = {
    id: 'payout-1',
    courierId: COURIER,
    status: 'processing' as string,
    reference: 'PAY-2026-W47-21',
    totalCommission: 20_000,
    phone: '+224660000021',
    provider: 'mtn_momo',
    totalCourses: 2,
    periodStart: NOW,
    periodEnd: NOW,
    method: 'mobile_money',
    createdAt: NOW,
    completedAt: null,
    failureReason: null as string | null,
    courier: { fullName: 'Ousmane Bangoura' },
  };
  const repository = {
    findPayout: jest.fn(async (_id: string) => ({ ...payout })),
    countAttempt: jest.fn(async (_id: string) => {}),
    settle: jest.fn(async (_id: string, outcome: 'completed' | 'failed', ..._rest: unknown[]) => {
      payout.status = outcome;
      return true;
    }),
    findCourier: jest.fn(async (_id: string) => ({ id: COURIER, fullName: 'Ousmane Bangoura' })),
    awaitOutside: jest.fn(async (_id: string, reason: string) => {
      payout.failureReason = reason;
    }),
  };
  let state: TransferState = 'completed';
  let refusal: GatewayError | null = null;
  const gateway = {
    transfer: jest.fn(async (request: { reference: string; amount: number; phone: string }) => {
      if (refusal) throw refusal;
      return { providerReference: `MTN-${request.reference}` };
    }),
    status: jest.fn(async (_reference: string) => state),
  };
  // Settling is the SettlePayoutUseCase's (its own spec): here its `execute` is the fake `settle` the assertions read.
  const settle = { execute: repository.settle };
  const service = new PayoutsService(repository as never, { now: () => NOW } as never, gateway as never, { warn: jest.fn() } as never, settle as never, {} as never, {} as never, {} as never);
  return {
    service,
    repository,
    gateway,
    operatorSays: (next: TransferState) => (state = next),
    operatorRefuses: (error: GatewayError) => (refusal = error),
  };
}

describe('PayoutsService: the payout job', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('a completed transfer settles the payout completed, under our reference', async () => {
    await t.service.sendQueued('payout-1');
    expect(t.gateway.transfer).toHaveBeenCalledWith({ reference: 'PAY-2026-W47-21', amount: 20_000, phone: '+224660000021' });
    expect(t.repository.settle).toHaveBeenCalledWith('payout-1', 'completed', null, NOW, { reference: 'PAY-2026-W47-21', providerReference: 'MTN-PAY-2026-W47-21' });
  });

  it('a failed transfer settles it failed (the repository puts the money back into the balance), without failing the job', async () => {
    t.operatorSays('failed');
    await t.service.sendQueued('payout-1');
    expect(t.repository.settle).toHaveBeenCalledWith('payout-1', 'failed', null, NOW, expect.any(Object));
  });

  it('a transfer the operator refuses is failed at once', async () => {
    t.operatorRefuses(new GatewayError('no transfer rail for orange_money', false));
    await t.service.sendQueued('payout-1');
    expect(t.repository.settle).toHaveBeenCalledWith('payout-1', 'failed', null, NOW, { reference: 'PAY-2026-W47-21', reason: 'no transfer rail for orange_money' });
  });

  it('a transfer still pending, or an operator that does not answer, leaves the payout processing and the job retries', async () => {
    t.operatorSays('pending');
    await expect(t.service.sendQueued('payout-1')).rejects.toThrow(/not confirmed/);
    t.operatorRefuses(new GatewayError('timeout', true));
    await expect(t.service.sendQueued('payout-1')).rejects.toThrow('timeout');
    expect(t.repository.settle).not.toHaveBeenCalled();
  });

  it('a payout already settled is not sent again', async () => {
    await t.service.sendQueued('payout-1');
    await t.service.sendQueued('payout-1');
    expect(t.gateway.transfer).toHaveBeenCalledTimes(1);
  });
});

describe('PayoutsService: staff pay by hand', () => {
  it('only to an Orange Money or MTN MoMo number', async () => {
    const t = setUp();
    const input = { deliverer_id: COURIER, commission_ids: ['c1'], payment_method: 'mobile_money' as const };
    await expect(t.service.processPayment({ id: 'admin', role: 'admin', fullName: 'A' }, { ...input, phone: '+224 650 00 00 01' })).rejects.toMatchObject({ code: 'PAYOUT_WALLET_INVALID', status: 400 });
    await expect(t.service.processPayment({ id: 'admin', role: 'admin', fullName: 'A' }, { ...input, phone: '12' })).rejects.toMatchObject({ code: 'PAYOUT_WALLET_INVALID' });
    expect(t.repository.findCourier).not.toHaveBeenCalled();
  });
});

describe('PayoutsService: the pending list', () => {
  it('names the wallet the weekly run pays (the KYC wallet, else the phone) and which commissions are inside a payout', async () => {
    const commission = { id: 'c1', amount: 7_000, created_at: NOW.toISOString(), course_id: 'k1', in_payout: true };
    const group = { courierId: COURIER, fullName: 'Ousmane Bangoura', phone: '+224620000021', amount: 7_000, count: 1, commissions: [commission] };
    const pendingCommissions = jest.fn(async () => ({
      groups: [
        { ...group, courierProfile: { bankName: 'mtn_momo', bankAccount: '664 55 66 77' } },
        { ...group, courierId: 'other', courierProfile: { bankName: 'mtn_momo', bankAccount: '650 00 00 01' } },
        { ...group, courierId: 'none', courierProfile: null },
      ],
      nextCursor: null,
    }));
    const service = new PayoutsService({ pendingCommissions } as never, { now: () => NOW } as never, null, { warn: jest.fn() } as never, {} as never, {} as never, {} as never, {} as never);
    const answer = await service.pendingCommissions({ limit: 20, cursor: null } as never);
    expect(answer.commissions.map((row) => row.deliverer_wallet)).toEqual(['+224664556677', '+224620000021', '+224620000021']);
    expect(answer.commissions[0]!.commissions).toEqual([commission]);
  });
});

describe('PayoutsService: a wallet no rail can pay (issue 34)', () => {
  let t: ReturnType<typeof setUp>;
  beforeEach(() => {
    t = setUp();
  });

  it('leaves the payout processing for staff, with the reason, instead of failing it back into the balance; the job is done', async () => {
    t.operatorRefuses(new NoRailError('orange_money'));
    await expect(t.service.sendQueued('payout-1')).resolves.toBeUndefined();
    expect(t.repository.awaitOutside).toHaveBeenCalledWith('payout-1', NO_RAIL_REASON);
    expect(t.repository.settle).not.toHaveBeenCalled();
    // Sent again later, nothing is asked of any rail.
    await t.service.sendQueued('payout-1');
    expect(t.gateway.transfer).toHaveBeenCalledTimes(1);
  });

  it('records it as paid outside Coursa once it waits, and refuses one whose transfer may still be under way', async () => {
    const staff = { id: 'admin-1', role: 'admin', fullName: 'Ibrahima Sow' } as never;
    const input = { method: 'cash' as const, reference: 'REÇU-1', note: null };
    await expect(t.service.markPaidOutside(staff, 'payout-1', input)).rejects.toMatchObject({ code: 'PAYOUT_NOT_WAITING' });
    t.operatorRefuses(new NoRailError('orange_money'));
    await t.service.sendQueued('payout-1');
    await expect(t.service.markPaidOutside(staff, 'payout-1', input)).resolves.toMatchObject({ message: expect.stringContaining('payé hors Coursa') });
    expect(t.repository.settle).toHaveBeenCalledWith('payout-1', 'completed', expect.anything(), NOW, expect.anything(), {
      method: 'cash',
      reference: 'REÇU-1',
      note: null,
      recorded_by: 'admin-1',
    });
  });
});
