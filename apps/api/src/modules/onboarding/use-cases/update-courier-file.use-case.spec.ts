import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { KycRules } from '../kyc-rules.js';
import { OnboardingRepository, type CourierFileRow } from '../onboarding.repository.js';
import { UpdateCourierFileUseCase } from './update-courier-file.use-case.js';

const ADMIN = { id: 'admin-1', role: 'admin' } as AuthUser;
const AT = new Date('2026-11-25T10:00:00Z');
const ID_PHOTO = '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e';
const FILE = {
  id: 'courier-1',
  number: 43,
  fullName: 'Ibrahima Camara',
  phone: '+224660000002',
  email: null,
  role: 'salaried_delivery',
  isActive: true,
  createdAt: AT,
  courierProfile: {
    userId: 'courier-1',
    vehicleType: 'moto',
    licenseNumber: null,
    vehicleRegistration: null,
    vehicleDescription: null,
    idType: 'carte_identite',
    idNumber: 'GN-123',
    idExpiryDate: new Date('2030-06-30'),
    idPhotoId: ID_PHOTO,
    personalPhotoId: null,
    bloodGroup: null,
    emergencyContactName: 'Fatoumata Camara',
    emergencyContactPhone: '+224620000004',
    emergencyContactRelationship: 'conjoint',
    address: null,
    experienceYears: null,
    previousEmployer: null,
    bankAccount: '+224620000001',
    bankName: 'orange_money',
    createdById: null,
    createdAt: AT,
    updatedAt: AT,
  },
} as CourierFileRow;

function setUp(file: CourierFileRow | null = FILE) {
  const t = newTestService(UpdateCourierFileUseCase);
  const repository = t.mock(OnboardingRepository);
  repository.findCourierFile.mockResolvedValue(file);
  repository.lockCourierFile.mockResolvedValue(true);
  const rules = t.mock(KycRules);
  rules.payoutAccount.mockImplementation((_bank, account) => (account === '664 00 00 02' ? '+224664000002' : account));
  rules.emergencyPhone.mockImplementation((phone) => phone);
  return { ...t, repository, rules, audit: t.mock(AuditRepository) };
}

describe('UpdateCourierFileUseCase', () => {
  it('checks the new wallet with the onboarding rule, writes what differs and audits it old → new, in one transaction', async () => {
    const t = setUp();
    const answer = await t.sut.execute(ADMIN, 'courier-1', { bank_name: 'mtn_momo', bank_account: '664 00 00 02', vehicle_type: 'moto', address: 'Ratoma' }, '10.0.0.1');

    expect(t.rules.payoutAccount).toHaveBeenCalledWith('mtn_momo', '664 00 00 02');
    expect(t.repository.lockCourierFile).toHaveBeenCalledWith(t.tx, 'courier-1');
    // The vehicle was already a moto: not written, not audited.
    expect(t.repository.updateCourierFile).toHaveBeenCalledWith(t.tx, 'courier-1', {}, { bankName: 'mtn_momo', bankAccount: '+224664000002', address: 'Ratoma' });
    expect(t.audit.record).toHaveBeenCalledWith(
      {
        actorId: 'admin-1',
        actorRole: 'admin',
        action: 'courier_file_updated',
        resourceType: 'user',
        resourceId: 'courier-1',
        success: true,
        ip: '10.0.0.1',
        details: {
          changes: {
            bank_name: { from: 'orange_money', to: 'mtn_momo' },
            bank_account: { from: '+224620000001', to: '+224664000002' },
            address: { from: null, to: 'Ratoma' },
          },
        },
      },
      t.tx,
    );
    expect(answer.message).toBe('Dossier du livreur mis à jour.');
  });

  it('checks a wallet number alone against the bank the file already has', async () => {
    const t = setUp();
    await t.sut.execute(ADMIN, 'courier-1', { bank_account: '620 00 00 09' });
    expect(t.rules.payoutAccount).toHaveBeenCalledWith('orange_money', '620 00 00 09');
  });

  it('keeps its own photo without asking whether another file holds it', async () => {
    const t = setUp();
    t.rules.photo.mockResolvedValue(ID_PHOTO);
    await t.sut.execute(ADMIN, 'courier-1', { id_photo_url: `/api/files/${ID_PHOTO}` });
    expect(t.rules.photo).toHaveBeenCalledWith(`/api/files/${ID_PHOTO}`, 'id_photo', ID_PHOTO);
    expect(t.repository.updateCourierFile).not.toHaveBeenCalled();
    expect(t.audit.record).not.toHaveBeenCalled();
  });

  it('refuses an empty change, an account that is no courier, and a courier without a KYC file', async () => {
    await expect(setUp().sut.execute(ADMIN, 'courier-1', {})).rejects.toMatchObject({ code: 'NOTHING_TO_CHANGE', status: 400 });
    await expect(setUp(null).sut.execute(ADMIN, 'client-1', { address: 'Kaloum' })).rejects.toMatchObject({ code: 'COURIER_NOT_FOUND', status: 404 });
    const bare = setUp({ ...FILE, courierProfile: null });
    await expect(bare.sut.execute(ADMIN, 'courier-1', { address: 'Kaloum' })).rejects.toMatchObject({ code: 'COURIER_FILE_MISSING', status: 409 });
    expect(bare.unitOfWork.run).not.toHaveBeenCalled();
  });

  it('writes nothing when a rule refuses a value', async () => {
    const t = setUp();
    t.rules.idExpiry.mockImplementation(() => {
      throw Object.assign(new Error('expirée'), { code: 'ID_DOCUMENT_EXPIRED' });
    });
    await expect(t.sut.execute(ADMIN, 'courier-1', { id_expiry_date: '2020-01-01', address: 'Kaloum' })).rejects.toMatchObject({ code: 'ID_DOCUMENT_EXPIRED' });
    expect(t.unitOfWork.run).not.toHaveBeenCalled();
  });
});
