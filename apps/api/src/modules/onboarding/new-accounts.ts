import { Injectable } from '@nestjs/common';
import { toGuineanMobile } from '@coursa/domain';
import type { AccountInput } from '@coursa/contracts/schemas';
import { PasswordHasher, RandomSource } from '../../common/security/secrets.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { UsersRepository } from '../users/users.repository.js';

/** The user columns of an account created by staff, checked and ready to insert. */
export interface NewAccount {
  fullName: string;
  phone: string;
  email: string | null;
  passwordHash: string;
  referralCode: string;
}

/** Accounts staff create (couriers, admins): signed-in at once, no activation link, no self-registration rules. */
@Injectable()
export class NewAccounts {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordHasher,
    private readonly random: RandomSource,
  ) {}

  /** Refuses a phone that is not a Guinean mobile and a phone or email already used (a race ends on the unique keys). */
  async prepare(input: AccountInput): Promise<NewAccount> {
    const phone = toGuineanMobile(input.phone);
    if (!phone) throw AuthErrors.invalidPhone();
    if (await this.users.findByPhone(phone)) throw AuthErrors.phoneTaken();
    if (input.email && (await this.users.findByEmail(input.email))) throw AuthErrors.emailTaken();
    return {
      fullName: input.full_name,
      phone,
      email: input.email,
      passwordHash: await this.passwords.hash(input.password),
      // Only clients' codes bring referral points; staff-made accounts need a unique one all the same.
      referralCode: this.random.referralCode(),
    };
  }
}
