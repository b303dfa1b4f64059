import { Injectable } from '@nestjs/common';
import type { CreateDeliveryPersonResponse } from '@coursa/contracts';
import { KYC_MESSAGES } from '@coursa/domain';
import type { CreateDeliveryPersonInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { toUserDto } from '../users/users.mapper.js';
import { NewAccounts } from './new-accounts.js';
import { KycRules } from './kyc-rules.js';
import { OnboardingRepository } from './onboarding.repository.js';

@Injectable()
export class OnboardingService {
  constructor(
    private readonly repository: OnboardingRepository,
    private readonly accounts: NewAccounts,
    private readonly rules: KycRules,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async createCourier(staff: AuthUser, input: CreateDeliveryPersonInput, ip: string): Promise<CreateDeliveryPersonResponse> {
    const now = this.clock.now();
    this.rules.idExpiry(input.id_expiry_date);
    const emergencyPhone = this.rules.emergencyPhone(input.emergency_contact_phone);
    const bankAccount = this.rules.payoutAccount(input.bank_name, input.bank_account);
    const idPhotoId = await this.rules.photo(input.id_photo_url, 'id_photo');
    const personalPhotoId = input.personal_photo_url ? await this.rules.photo(input.personal_photo_url, 'personal_photo') : null;

    const account = await this.accounts.prepare(input);
    const kyc = { ...input, emergency_contact_phone: emergencyPhone, bank_account: bankAccount };
    // The courier, activated, with their KYC file and the audit row, in one transaction.
    const user = await this.uow.run(async (tx) => {
      const user = await this.repository.createCourier(tx, staff.id, account, kyc, { idPhotoId, personalPhotoId }, now);
      await this.audit.record(
        { actorId: staff.id, actorRole: staff.role, action: 'user_created', resourceType: 'user', resourceId: user.id, success: true, ip, details: { role: user.role } },
        tx,
      );
      return user;
    });
    return { message: KYC_MESSAGES.courierCreated, user: toUserDto({ ...user, merchant: null }) };
  }
}
