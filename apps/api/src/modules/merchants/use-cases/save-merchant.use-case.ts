import { Injectable } from '@nestjs/common';
import type { MerchantDto } from '@coursa/contracts';
import type { MerchantProfileInput } from '@coursa/contracts/schemas';
import { toGuineanMobile } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { MerchantErrors } from '../merchants.errors.js';
import { profileFields, toMerchantDto } from '../merchants.mapper.js';
import { MerchantsRepository, type MerchantProfile } from '../merchants.repository.js';

/**
 * Staff make a client's account a merchant, or change its profile (issue 40): its business name, default pickup point
 * and contact, how it pays. Only a client's account (a switched-off one too: staff may prepare it before switching it
 * on); its row is locked so two saves go one after the other, and the audit row holds the profile before and after.
 */
@Injectable()
export class SaveMerchantUseCase {
  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(staff: AuthUser, userId: string, input: MerchantProfileInput, ip?: string): Promise<MerchantDto> {
    const profile = profileOf(input);
    const saved = await this.uow.run(async (tx) => {
      if (!(await this.merchants.lockClientAccount(tx, userId))) throw MerchantErrors.accountNotFound();
      const before = await this.merchants.findInTx(tx, userId);
      const after = await this.merchants.save(tx, userId, profile);
      const [was, is] = [profileFields(before), profileFields(after)];
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        await this.audit.record(
          {
            actorId: staff.id,
            actorRole: staff.role,
            action: before ? 'merchant_updated' : 'merchant_created',
            resourceType: 'merchant',
            resourceId: userId,
            success: true,
            ip,
            details: { before: was, after: is },
          },
          tx,
        );
      }
      return after;
    });
    return toMerchantDto(saved);
  }
}

/** The profile to write: the contact's phone checked and kept in E.164. */
function profileOf(input: MerchantProfileInput): MerchantProfile {
  const contactPhone = input.pickup_contact_phone === null ? null : toGuineanMobile(input.pickup_contact_phone);
  if (input.pickup_contact_phone !== null && !contactPhone) throw MerchantErrors.invalidContactPhone();
  return {
    businessName: input.business_name.replace(/\s+/g, ' '),
    pickupAddress: input.pickup_address,
    pickupLatitude: input.pickup_latitude,
    pickupLongitude: input.pickup_longitude,
    pickupInstructions: input.pickup_instructions,
    pickupContactName: input.pickup_contact_name,
    pickupContactPhone: contactPhone,
    paymentTerms: input.payment_terms,
  };
}
