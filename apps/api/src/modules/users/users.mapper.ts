import type { UserDto } from '@coursa/contracts';
import type { User } from '../../generated/prisma/client.js';

/** The API's view of a user: never the password hash, the session version or the anonymisation stamp. */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    phone: user.phone,
    full_name: user.fullName,
    email: user.email,
    role: user.role,
    referral_code: user.referralCode,
    loyalty_points: user.loyaltyPoints,
    is_available: user.isAvailable,
    is_active: user.isActive,
    total_courses: user.totalCourses,
    rating: user.rating,
    accepted_terms: user.acceptedTerms,
    terms_accepted_at: user.termsAcceptedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}
