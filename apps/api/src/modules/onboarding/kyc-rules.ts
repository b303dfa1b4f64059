import { Injectable } from '@nestjs/common';
import { isIdDocumentExpired, kycPayoutAccount, toGuineanMobile, type PayoutAccount } from '@coursa/domain';
import { Clock } from '../../common/security/secrets.js';
import { FilesService } from '../files/files.service.js';
import type { PhotoKind } from '../files/files.repository.js';
import { OnboardingErrors } from './onboarding.errors.js';

type KycPhotoKind = Extract<PhotoKind, 'id_photo' | 'personal_photo'>;

/**
 * The checks a courier's KYC file passes beyond its shape (the zod schema), the same when staff create the courier
 * and when they change the file later (issue 38): each answers the value to keep, or throws the French refusal.
 */
@Injectable()
export class KycRules {
  constructor(
    private readonly files: FilesService,
    private readonly clock: Clock,
  ) {}

  /** An identity document still valid today (YYYY-MM-DD). */
  idExpiry(expiryDate: string): string {
    if (isIdDocumentExpired(expiryDate, this.clock.now())) throw OnboardingErrors.idExpired();
    return expiryDate;
  }

  /** The emergency contact's Guinean mobile, in E.164. */
  emergencyPhone(input: string): string {
    const phone = toGuineanMobile(input);
    if (!phone) throw OnboardingErrors.invalidEmergencyPhone();
    return phone;
  }

  /** The payout account's number: a wallet of its operator in E.164, a bank's as typed (kycPayoutAccount). */
  payoutAccount(bankName: PayoutAccount | null, bankAccount: string | null): string | null {
    const kept = kycPayoutAccount(bankName, bankAccount);
    if (kept === 'refused') throw OnboardingErrors.invalidWallet(bankName as 'orange_money' | 'mtn_momo');
    return kept.account;
  }

  /**
   * The id of the uploaded KYC photo of this kind the URL points to, unless another courier's file holds it
   * (`currentId`: the photo the file being changed holds already, which it may keep).
   */
  async photo(url: string, kind: KycPhotoKind, currentId: string | null = null): Promise<string> {
    const photo = await this.files.photoAt(url, kind);
    if (!photo) throw kind === 'id_photo' ? OnboardingErrors.idPhotoUnknown() : OnboardingErrors.personalPhotoUnknown();
    if (photo.id !== currentId && photo._count.idPhotoOf + photo._count.personalPhotoOf > 0) throw OnboardingErrors.photoAlreadyUsed();
    return photo.id;
  }
}
