import { Injectable } from '@nestjs/common';
import type { MerchantStatementDto } from '@coursa/contracts';
import type { SettleStatementInput } from '@coursa/contracts/schemas';
import { monthBounds, monthEnded } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { saveAnswerWithin } from '../../../common/idempotency/idempotency.scope.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { Clock } from '../../../common/security/secrets.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PaymentsRepository } from '../../payment-records/payments.repository.js';
import { MerchantErrors } from '../merchants.errors.js';
import { toStatementDto } from '../merchants.mapper.js';
import { MerchantsRepository } from '../merchants.repository.js';

/**
 * Staff record that a merchant paid its month on account (issue 40): only a month that is over (no course can join it
 * any more), once, and only when it holds courses. The merchant's row is locked, so of two settlements of one month
 * the second finds the first (409); the unique (merchant, month) is the backstop. In the same transaction the
 * courses' payments owed on the statement are paid, and the audit row says who settled what.
 */
@Injectable()
export class SettleStatementUseCase {
  constructor(
    private readonly merchants: MerchantsRepository,
    private readonly payments: PaymentsRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(staff: AuthUser, merchantId: string, input: SettleStatementInput, ip?: string): Promise<MerchantStatementDto> {
    const { month, reference } = input;
    return this.uow.run(async (tx) => {
      const merchant = await this.merchants.lockMerchant(tx, merchantId);
      if (!merchant) throw MerchantErrors.notFound();
      const now = this.clock.now();
      if (!monthEnded(month, now)) throw MerchantErrors.monthNotEnded(month);
      if (await this.merchants.findStatement(merchantId, month, tx)) throw MerchantErrors.alreadySettled(month);
      const { start, end } = monthBounds(month);
      const courses = await this.merchants.statementCourses(merchantId, start, end, tx);
      if (!courses.length) throw MerchantErrors.nothingToSettle(month);
      const owed = toStatementDto(merchant, month, courses, null);
      const settlement = await this.merchants.insertStatement(tx, {
        merchantId,
        month,
        amount: owed.amount,
        courseCount: owed.course_count,
        reference,
        settledAt: now,
        settledById: staff.id,
      });
      const paymentsPaid = await this.payments.payStatementCourses(tx, courses.map((course) => course.id), now);
      await this.audit.record(
        {
          actorId: staff.id,
          actorRole: staff.role,
          action: 'merchant_statement_settled',
          resourceType: 'merchant',
          resourceId: merchantId,
          success: true,
          ip,
          details: { month, amount: owed.amount, course_count: owed.course_count, reference, payments_paid: paymentsPaid },
        },
        tx,
      );
      const answer = toStatementDto(merchant, month, courses, settlement);
      await saveAnswerWithin(tx, answer);
      return answer;
    });
  }
}
