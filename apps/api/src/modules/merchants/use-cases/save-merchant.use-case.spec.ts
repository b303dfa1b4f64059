import { describe, expect, it } from '@jest/globals';
import type { MerchantProfileInput } from '@coursa/contracts/schemas';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { Merchant } from '../../../generated/prisma/client.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantsRepository } from '../merchants.repository.js';
import { SaveMerchantUseCase } from './save-merchant.use-case.js';

const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;
const AT = new Date('2026-11-20T10:00:00Z');
const PROFILE: MerchantProfileInput = {
  business_name: 'Pharmacie   du Port',
  pickup_address: 'Avenue de la République, Kaloum',
  pickup_latitude: 9.5092,
  pickup_longitude: -13.7122,
  pickup_instructions: null,
  pickup_contact_name: 'Fatoumata Sylla',
  pickup_contact_phone: '620 00 00 04',
  payment_terms: 'monthly_statement',
};
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

describe('SaveMerchantUseCase', () => {
  function setUp(existing: Merchant | null, isClient = true) {
    const t = newTestService(SaveMerchantUseCase, { now: AT });
    const merchants = t.mock(MerchantsRepository);
    merchants.lockClientAccount.mockResolvedValue(isClient);
    merchants.findInTx.mockResolvedValue(existing);
    merchants.save.mockImplementation(async (_tx, userId, profile) => ({ ...MERCHANT, ...profile, userId, createdAt: existing?.createdAt ?? AT, updatedAt: AT }));
    return { ...t, merchants, audit: t.mock(AuditRepository) };
  }

  it('makes a client a merchant under the account’s lock: its contact phone in E.164, the name’s spaces folded, audited as created', async () => {
    const t = setUp(null);
    const answer = await t.sut.execute(ADMIN, 'client-1', PROFILE, '10.0.0.1');
    expect(t.merchants.lockClientAccount).toHaveBeenCalledWith(t.tx, 'client-1');
    expect(t.merchants.save).toHaveBeenCalledWith(t.tx, 'client-1', expect.objectContaining({ businessName: 'Pharmacie du Port', pickupContactPhone: '+224620000004', paymentTerms: 'monthly_statement' }));
    expect(answer).toEqual({
      user_id: 'client-1',
      business_name: 'Pharmacie du Port',
      pickup: { address: PROFILE.pickup_address, latitude: 9.5092, longitude: -13.7122, instructions: null, contact_name: 'Fatoumata Sylla', contact_phone: '+224620000004' },
      payment_terms: 'monthly_statement',
      payment_terms_label: 'Relevé mensuel',
      created_at: AT.toISOString(),
    });
    const [entry, tx] = t.audit.record.mock.calls[0]!;
    expect(tx).toBe(t.tx);
    expect(entry).toMatchObject({ actorId: 'admin-1', actorRole: 'admin', action: 'merchant_created', resourceType: 'merchant', resourceId: 'client-1', success: true, ip: '10.0.0.1' });
    expect(entry.details).toEqual({ before: null, after: expect.objectContaining({ business_name: 'Pharmacie du Port', pickup_contact_phone: '+224620000004' }) });
  });

  it('changes a merchant’s profile, audited before and after; the same profile again audits nothing', async () => {
    const t = setUp(MERCHANT);
    await t.sut.execute(ADMIN, 'client-1', { ...PROFILE, payment_terms: 'cash_on_delivery' });
    const [entry] = t.audit.record.mock.calls[0]!;
    expect(entry).toMatchObject({ action: 'merchant_updated', details: { before: { payment_terms: 'monthly_statement' }, after: { payment_terms: 'cash_on_delivery' } } });
    t.audit.record.mockClear();
    await t.sut.execute(ADMIN, 'client-1', PROFILE);
    expect(t.audit.record).not.toHaveBeenCalled();
  });

  it('keeps no contact phone when none is given, and refuses one that is no Guinean mobile in French, before any write', async () => {
    const t = setUp(null);
    await t.sut.execute(ADMIN, 'client-1', { ...PROFILE, pickup_contact_phone: null });
    expect(t.merchants.save).toHaveBeenCalledWith(t.tx, 'client-1', expect.objectContaining({ pickupContactPhone: null }));
    t.merchants.save.mockClear();
    for (const phone of ['30 12 34 56', '+33 6 12 34 56 78', 'abc']) {
      await expect(t.sut.execute(ADMIN, 'client-1', { ...PROFILE, pickup_contact_phone: phone })).rejects.toMatchObject({ status: 400, code: 'INVALID_CONTACT_PHONE', detail: expect.stringMatching(/^Téléphone du contact de retrait invalide/) });
    }
    expect(t.merchants.save).not.toHaveBeenCalled();
  });

  it('answers 404 for an account that is no client’s (a courier, staff, deleted or unknown), writing nothing', async () => {
    const t = setUp(null, false);
    await expect(t.sut.execute(ADMIN, 'courier-1', PROFILE)).rejects.toMatchObject({ status: 404, code: 'MERCHANT_NOT_FOUND', detail: expect.stringMatching(/^Compte client introuvable/) });
    expect(t.merchants.save).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });
});
