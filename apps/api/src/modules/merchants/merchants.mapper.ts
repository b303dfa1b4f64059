import { type AdminMerchantDto, type MerchantDto, type MerchantStatementDto } from '@coursa/contracts';
import { courseNumber, MERCHANT_PAYMENT_TERMS_LABELS, priceToPay } from '@coursa/domain';
import type { Merchant } from '../../generated/prisma/client.js';
import type { ListedMerchant, MerchantProfile, MerchantVolume, SettledStatement, StatementCourse } from './merchants.repository.js';

export function toMerchantDto(merchant: Merchant): MerchantDto {
  return {
    user_id: merchant.userId,
    business_name: merchant.businessName,
    pickup: {
      address: merchant.pickupAddress,
      latitude: merchant.pickupLatitude,
      longitude: merchant.pickupLongitude,
      instructions: merchant.pickupInstructions,
      contact_name: merchant.pickupContactName,
      contact_phone: merchant.pickupContactPhone,
    },
    payment_terms: merchant.paymentTerms,
    payment_terms_label: MERCHANT_PAYMENT_TERMS_LABELS[merchant.paymentTerms],
    created_at: merchant.createdAt.toISOString(),
  };
}

const NO_VOLUME: MerchantVolume = { periodCourses: 0, periodAmount: 0, totalCourses: 0 };

export function toAdminMerchantDto(merchant: ListedMerchant, volume: MerchantVolume = NO_VOLUME): AdminMerchantDto {
  return {
    ...toMerchantDto(merchant),
    full_name: merchant.fullName,
    phone: merchant.phone,
    email: merchant.email,
    month_courses: volume.periodCourses,
    month_amount: volume.periodAmount,
    total_courses: volume.totalCourses,
  };
}

/** A month's statement: its courses with what each costs, their total, and staff's settlement if there is one. */
export function toStatementDto(merchant: Pick<Merchant, 'userId' | 'businessName'>, month: string, courses: StatementCourse[], settlement: SettledStatement | null): MerchantStatementDto {
  const lines = courses.map((course) => ({
    id: course.id,
    course_number: courseNumber(course.number),
    reference: course.merchantReference,
    delivered_at: course.deliveryTime.toISOString(),
    amount: priceToPay(course),
  }));
  return {
    merchant_id: merchant.userId,
    business_name: merchant.businessName,
    month,
    courses: lines,
    course_count: lines.length,
    amount: lines.reduce((sum, line) => sum + line.amount, 0),
    currency: 'GNF',
    settlement: settlement && {
      settled_at: settlement.settledAt.toISOString(),
      settled_by: settlement.settledBy.fullName,
      reference: settlement.reference,
      amount: settlement.amount,
    },
  };
}

/** What the audit keeps of a profile, before and after a save. */
export function profileFields(merchant: MerchantProfile | null) {
  if (!merchant) return null;
  return {
    business_name: merchant.businessName,
    pickup_address: merchant.pickupAddress,
    pickup_latitude: merchant.pickupLatitude,
    pickup_longitude: merchant.pickupLongitude,
    pickup_instructions: merchant.pickupInstructions,
    pickup_contact_name: merchant.pickupContactName,
    pickup_contact_phone: merchant.pickupContactPhone,
    payment_terms: merchant.paymentTerms,
  };
}
