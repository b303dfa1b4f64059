import { Injectable } from '@nestjs/common';
import type { AdminMerchantDto, CountedPage, MerchantDto, MerchantStatementDto } from '@coursa/contracts';
import type { AdminMerchantListInput } from '@coursa/contracts/schemas';
import { monthBounds, monthOf, searchTerms } from '@coursa/domain';
import type { Merchant } from '../../generated/prisma/client.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock } from '../../common/security/secrets.js';
import { MerchantAccounts } from './merchant-accounts.service.js';
import { MerchantErrors } from './merchants.errors.js';
import { toAdminMerchantDto, toMerchantDto, toStatementDto } from './merchants.mapper.js';
import { MerchantsRepository } from './merchants.repository.js';

/** Merchant accounts read (issue 40): the back office's list and a merchant's statements, and a merchant's own. */
@Injectable()
export class MerchantsService {
  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly accounts: MerchantAccounts,
    private readonly clock: Clock,
  ) {}

  /** Newest first, a page at a time, each with its volume this month (Conakry's, UTC). */
  async list(query: AdminMerchantListInput): Promise<CountedPage<'merchants', AdminMerchantDto>> {
    const page = await this.merchants.list(query.q ? searchTerms(query.q) : null, query);
    const { start, end } = monthBounds(monthOf(this.clock.now()));
    const volumes = await this.merchants.volumes(page.rows.map((merchant) => merchant.userId), start, end);
    return { merchants: page.rows.map((merchant) => toAdminMerchantDto(merchant, volumes.get(merchant.userId))), next_cursor: page.nextCursor, total: page.total };
  }

  /** A merchant's statement of a month (the current one when none), for staff. */
  async statement(merchantId: string, month?: string): Promise<MerchantStatementDto> {
    const merchant = await this.merchants.findByUserId(merchantId);
    if (!merchant) throw MerchantErrors.notFound();
    return this.statementOf(merchant, month);
  }

  /** The caller's own merchant profile (403 for an account that is no merchant). */
  async ownProfile(user: AuthUser): Promise<MerchantDto> {
    return toMerchantDto(await this.accounts.require(user));
  }

  /** The caller's own statement of a month. */
  async ownStatement(user: AuthUser, month?: string): Promise<MerchantStatementDto> {
    return this.statementOf(await this.accounts.require(user), month);
  }

  private async statementOf(merchant: Merchant, month = monthOf(this.clock.now())): Promise<MerchantStatementDto> {
    const { start, end } = monthBounds(month);
    const [courses, settlement] = await Promise.all([this.merchants.statementCourses(merchant.userId, start, end), this.merchants.findStatement(merchant.userId, month)]);
    return toStatementDto(merchant, month, courses, settlement);
  }
}
