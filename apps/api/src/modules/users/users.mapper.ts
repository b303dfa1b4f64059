import type { AdminUserDto, UserDto } from '@coursa/contracts';
import { userNumber } from '@coursa/domain';
import type { User } from '../../generated/prisma/client.js';
import type { AccountUser } from './users.repository.js';

/**
 * The API's view of a user: never the password hash, the session version or the anonymisation stamp. `merchant` is
 * the account's merchant profile, if staff made it one (issue 40; read with `ACCOUNT` of users.repository).
 */
export function toUserDto(user: AccountUser): UserDto {
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
    is_merchant: user.merchant !== null,
    accepted_terms: user.acceptedTerms,
    terms_accepted_at: user.termsAcceptedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

/** A user as the back office lists them (and heads a courier's file with). */
export function toAdminUserDto(user: Pick<User, 'id' | 'number' | 'fullName' | 'phone' | 'email' | 'role' | 'isActive' | 'createdAt'>): AdminUserDto {
  return {
    id: user.id,
    display_id: userNumber(user.number),
    full_name: user.fullName,
    phone: user.phone,
    email: user.email,
    role: user.role,
    is_active: user.isActive,
    created_at: user.createdAt.toISOString(),
  };
}
