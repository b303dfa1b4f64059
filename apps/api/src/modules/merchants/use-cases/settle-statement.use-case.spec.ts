import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { Merchant } from '../../../generated/prisma/client.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';
import { MerchantsRepository, type SettledStatement, type StatementCourse } from '../merchants.repository.js';
import { SettleStatementUseCase } from './settle-statement.use-case.js';

const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;
const AT = new Date('2026-11-20T10:00:00Z');
const MERCHANT: Merchant = {
  userId: 'client-1',
  businessName: 'Pharmacie du Port',
  pickupAddress: 'Avenue de la République, Kaloum',
  pickupLatitude: 9.5092,
  pickupLongitude: -13.7122,
  pickupInstructions: null,
  pickupContactName: 'Fatoumata Sylla',
  pickupContactPhone: '+224620000004',
  paymentTerms: 'monthly_statement',
  createdAt: AT,
  updatedAt: AT,
};

describe('SettleStatementUseCase', () => {
  const course = (id: string, number: number, day: number, fields: Partial<StatementCourse> = {}): StatementCourse => ({
    id,
    number,
    merchantReference: null,
    deliveryTime: new Date(Date.UTC(2026, 9, day, 12)),
    estimatedPrice: 20_000,
    discount: 0,
    finalPrice: 20_000,
    ...fields,
  });
  const COURSES = [course('c1', 12, 3, { merchantReference: 'CMD-1' }), course('c2', 15, 31, { finalPrice: null, estimatedPrice: 30_000, discount: 4_000 })];

  function setUp({ merchant = MERCHANT as Merchant | null, settled = null as SettledStatement | null, courses = COURSES, now = new Date('2026-11-03T09:00:00Z') } = {}) {
    const t = newTestService(SettleStatementUseCase, { now });
    const merchants = t.mock(MerchantsRepository);
    merchants.lockMerchant.mockResolvedValue(merchant);
    merchants.findStatement.mockResolvedValue(settled);
    merchants.statementCourses.mockResolvedValue(courses);
    merchants.insertStatement.mockImplementation(async (_tx, statement) => ({ id: 's1', ...statement, settledBy: { fullName: 'Aïssatou Bah' } }));
    const payments = t.mock(PaymentsRepository);
    payments.payStatementCourses.mockResolvedValue(courses.length);
    return { ...t, merchants, payments, audit: t.mock(AuditRepository) };
  }

  it('settles an ended month under the merchant’s lock: the statement written, its courses’ payments paid, audited, in one transaction', async () => {
    const t = setUp();
    const answer = await t.sut.execute(ADMIN, 'client-1', { month: '2026-10', reference: 'VIR-42' }, '10.0.0.1');
    expect(t.unitOfWork.run).toHaveBeenCalledTimes(1);
    expect(t.merchants.lockMerchant).toHaveBeenCalledWith(t.tx, 'client-1');
    expect(t.merchants.statementCourses).toHaveBeenCalledWith('client-1', new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'), t.tx);
    const now = new Date('2026-11-03T09:00:00Z');
    expect(t.merchants.insertStatement).toHaveBeenCalledWith(t.tx, { merchantId: 'client-1', month: '2026-10', amount: 46_000, courseCount: 2, reference: 'VIR-42', settledAt: now, settledById: 'admin-1' });
    expect(t.payments.payStatementCourses).toHaveBeenCalledWith(t.tx, ['c1', 'c2'], now);
    expect(answer).toEqual({
      merchant_id: 'client-1',
      business_name: 'Pharmacie du Port',
      month: '2026-10',
      courses: [
        { id: 'c1', course_number: 'CRS-000012', reference: 'CMD-1', delivered_at: '2026-10-03T12:00:00.000Z', amount: 20_000 },
        // Not delivered through the lifecycle with its final price: the price to pay is the estimate less the discount.
        { id: 'c2', course_number: 'CRS-000015', reference: null, delivered_at: '2026-10-31T12:00:00.000Z', amount: 26_000 },
      ],
      course_count: 2,
      amount: 46_000,
      currency: 'GNF',
      settlement: { settled_at: now.toISOString(), settled_by: 'Aïssatou Bah', reference: 'VIR-42', amount: 46_000 },
    });
    const [entry, tx] = t.audit.record.mock.calls[0]!;
    expect(tx).toBe(t.tx);
    expect(entry).toMatchObject({ action: 'merchant_statement_settled', resourceType: 'merchant', resourceId: 'client-1', details: { month: '2026-10', amount: 46_000, course_count: 2, reference: 'VIR-42', payments_paid: 2 } });
  });

  it('refuses a month not over yet (the current one, a future one) with the day it can be settled from', async () => {
    const t = setUp({ now: new Date('2026-10-31T23:59:59Z') });
    await expect(t.sut.execute(ADMIN, 'client-1', { month: '2026-10', reference: null })).rejects.toMatchObject({
      status: 422,
      code: 'STATEMENT_MONTH_NOT_ENDED',
      detail: 'Le mois n’est pas terminé : le relevé de octobre 2026 pourra être réglé à partir du 1er novembre 2026.',
    });
    await expect(t.sut.execute(ADMIN, 'client-1', { month: '2027-01', reference: null })).rejects.toMatchObject({ code: 'STATEMENT_MONTH_NOT_ENDED' });
    expect(t.merchants.insertStatement).not.toHaveBeenCalled();
  });

  it('refuses a month settled already (409), a month without courses (422) and an account that is no merchant (404), writing nothing', async () => {
    const settled = { id: 's1', merchantId: 'client-1', month: '2026-10', amount: 46_000, courseCount: 2, reference: null, settledAt: AT, settledById: 'admin-1', settledBy: { fullName: 'Aïssatou Bah' } };
    await expect(setUp({ settled }).sut.execute(ADMIN, 'client-1', { month: '2026-10', reference: null })).rejects.toMatchObject({ status: 409, code: 'STATEMENT_ALREADY_SETTLED', detail: 'Le relevé de octobre 2026 est déjà réglé.' });
    await expect(setUp({ courses: [] }).sut.execute(ADMIN, 'client-1', { month: '2026-10', reference: null })).rejects.toMatchObject({ status: 422, code: 'STATEMENT_EMPTY' });
    const t = setUp({ merchant: null });
    await expect(t.sut.execute(ADMIN, 'courier-1', { month: '2026-10', reference: null })).rejects.toMatchObject({ status: 404, code: 'MERCHANT_NOT_FOUND' });
    expect(t.merchants.insertStatement).not.toHaveBeenCalled();
    expect(t.payments.payStatementCourses).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });
});
