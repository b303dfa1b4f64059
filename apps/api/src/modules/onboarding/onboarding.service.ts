import { Injectable } from '@nestjs/common';
import type { CreateDeliveryPersonResponse } from '@coursa/contracts';
import { isIdDocumentExpired, KYC_MESSAGES, toGuineanMobile } from '@coursa/domain';
import type { CreateDeliveryPersonInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { Clock } from '../../common/security/secrets.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { FilesService } from '../files/files.service.js';
import type { PhotoKind } from '../files/files.repository.js';
import { toUserDto } from '../users/users.mapper.js';
import { NewAccounts } from './new-accounts.js';
import { OnboardingErrors } from './onboarding.errors.js';
import { OnboardingRepository } from './onboarding.repository.js';

@Injectable()
export class OnboardingService {
  constructor(
    private readonly repository: OnboardingRepository,
    private readonly accounts: NewAccounts,
    private readonly files: FilesService,
    private readonly clock: Clock,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async createCourier(staff: AuthUser, input: CreateDeliveryPersonInput, ip: string): Promise<CreateDeliveryPersonResponse> {
    const now = this.clock.now();
    if (isIdDocumentExpired(input.id_expiry_date, now)) throw OnboardingErrors.idExpired();
    const emergencyPhone = toGuineanMobile(input.emergency_contact_phone);
    if (!emergencyPhone) throw OnboardingErrors.invalidEmergencyPhone();
    const idPhotoId = await this.unusedPhoto(input.id_photo_url, 'id_photo');
    if (!idPhotoId) throw OnboardingErrors.idPhotoUnknown();
    const personalPhotoId = input.personal_photo_url ? await this.unusedPhoto(input.personal_photo_url, 'personal_photo') : null;
    if (input.personal_photo_url && !personalPhotoId) throw OnboardingErrors.personalPhotoUnknown();

    const account = await this.accounts.prepare(input);
    // The courier, activated, with their KYC file and the audit row, in one transaction.
    const user = await this.uow.run(async (tx) => {
      const user = await this.repository.createCourier(tx, staff.id, account, { ...input, emergency_contact_phone: emergencyPhone }, { idPhotoId, personalPhotoId }, now);
      await this.audit.record(
        { actorId: staff.id, actorRole: staff.role, action: 'user_created', resourceType: 'user', resourceId: user.id, success: true, ip, details: { role: user.role } },
        tx,
      );
      return user;
    });
    return { message: KYC_MESSAGES.courierCreated, user: toUserDto(user) };
  }

  /** The id of the KYC photo of this kind a photo URL points to, unless another courier's file already holds it. */
  private async unusedPhoto(url: string, kind: Extract<PhotoKind, 'id_photo' | 'personal_photo'>): Promise<string | null> {
    const photo = await this.files.photoAt(url, kind);
    if (!photo) return null;
    if (photo._count.idPhotoOf + photo._count.personalPhotoOf > 0) throw OnboardingErrors.photoAlreadyUsed();
    return photo.id;
  }
}
