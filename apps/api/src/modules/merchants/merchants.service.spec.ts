import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import type { Merchant } from '../../generated/prisma/client.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { MerchantAccounts } from './merchant-accounts.service.js';
import { MerchantErrors } from './merchants.errors.js';
import { MerchantsRepository, type ListedMerchant } from './merchants.repository.js';
import { MerchantsService } from './merchants.service.js';

const NOW = new Date('2026-11-20T10:00:00Z');
const MERCHANT: Merchant = {
  userId: 'client-1',
  businessName: 'Pharmacie du Port',
  pickupAddress: 'Kaloum',
  pickupLatitude: 9.5092,
  pickupLongitude: -13.7122,
  pickupInstructions: null,
  pickupContactName: null,
  pickupContactPhone: null,
  paymentTerms: 'monthly_statement',
  createdAt: NOW,
  updatedAt: NOW,
};
const CLIENT = { id: 'client-1', role: 'client' } as AuthUser;

function setUp() {
  const t = newTestService(MerchantsService, { now: NOW });
  const merchants = t.mock(MerchantsRepository);
  merchants.statementCourses.mockResolvedValue([]);
  merchants.findStatement.mockResolvedValue(null);
  return { ...t, merchants, accounts: t.mock(MerchantAccounts) };
}

describe('MerchantsService', () => {
  it('lists merchants with their volume of this month (UTC), none for a merchant without courses; a search reads every way the text can mean', async () => {
    const t = setUp();
    const listed: ListedMerchant[] = [
      { ...MERCHANT, fullName: 'Mariama Diallo', phone: '+224620000001', email: null },
      { ...MERCHANT, userId: 'client-2', businessName: 'Boutique Sylla', fullName: 'Ousmane Sylla', phone: '+224620000002', email: null },
    ];
    t.merchants.list.mockResolvedValue({ rows: listed, nextCursor: 'next', total: 7 });
    t.merchants.volumes.mockResolvedValue(new Map([['client-1', { periodCourses: 3, periodAmount: 60_000, totalCourses: 40 }]]));
    const page = await t.sut.list({ limit: 2, q: '620 00 00 01' });
    expect(t.merchants.list).toHaveBeenCalledWith({ text: '620 00 00 01', phone: '+224620000001', courseNumber: null, userNumber: null }, expect.objectContaining({ limit: 2 }));
    expect(t.merchants.volumes).toHaveBeenCalledWith(['client-1', 'client-2'], new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    expect(page.merchants.map((merchant) => [merchant.business_name, merchant.full_name, merchant.month_courses, merchant.month_amount, merchant.total_courses])).toEqual([
      ['Pharmacie du Port', 'Mariama Diallo', 3, 60_000, 40],
      ['Boutique Sylla', 'Ousmane Sylla', 0, 0, 0],
    ]);
    expect(page).toMatchObject({ next_cursor: 'next', total: 7 });
    await t.sut.list({ limit: 20 });
    expect(t.merchants.list).toHaveBeenLastCalledWith(null, { limit: 20 });
  });

  it('reads a statement of the current month when none is asked, and of the month asked', async () => {
    const t = setUp();
    t.merchants.findByUserId.mockResolvedValue(MERCHANT);
    await expect(t.sut.statement('client-1')).resolves.toMatchObject({ merchant_id: 'client-1', month: '2026-11', courses: [], course_count: 0, amount: 0, settlement: null });
    expect(t.merchants.statementCourses).toHaveBeenCalledWith('client-1', new Date('2026-11-01T00:00:00Z'), new Date('2026-12-01T00:00:00Z'));
    await t.sut.statement('client-1', '2026-02');
    expect(t.merchants.statementCourses).toHaveBeenLastCalledWith('client-1', new Date('2026-02-01T00:00:00Z'), new Date('2026-03-01T00:00:00Z'));
    expect(t.merchants.findStatement).toHaveBeenLastCalledWith('client-1', '2026-02');
  });

  it('answers 404 to staff for an account that is no merchant', async () => {
    const t = setUp();
    t.merchants.findByUserId.mockResolvedValue(null);
    await expect(t.sut.statement('nobody')).rejects.toMatchObject({ status: 404, code: 'MERCHANT_NOT_FOUND' });
  });

  it('gives a merchant its own profile and statement only, and a client that is no merchant the 403 of MerchantAccounts', async () => {
    const t = setUp();
    t.accounts.require.mockResolvedValue(MERCHANT);
    await expect(t.sut.ownProfile(CLIENT)).resolves.toMatchObject({ user_id: 'client-1', business_name: 'Pharmacie du Port' });
    await expect(t.sut.ownStatement(CLIENT, '2026-10')).resolves.toMatchObject({ merchant_id: 'client-1', month: '2026-10' });
    expect(t.merchants.statementCourses).toHaveBeenCalledWith('client-1', new Date('2026-10-01T00:00:00Z'), new Date('2026-11-01T00:00:00Z'));
    t.accounts.require.mockRejectedValue(MerchantErrors.notMerchant());
    await expect(t.sut.ownStatement({ id: 'client-9', role: 'client' } as AuthUser)).rejects.toMatchObject({ status: 403, code: 'NOT_A_MERCHANT' });
    expect(t.merchants.statementCourses).toHaveBeenCalledTimes(1);
  });
});
