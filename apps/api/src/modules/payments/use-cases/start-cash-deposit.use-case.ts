import { Injectable } from '@nestjs/common';
import { courierBalances, mobileDepositRefusal } from '@coursa/domain';
import type { Payment } from '../../../generated/prisma/client.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { LedgerService } from '../../ledger/ledger.service.js';
import { PaymentErrors } from '../../payment-records/payments.errors.js';
import { PaymentsRepository, type NewPayment } from '../../payment-records/payments.repository.js';

/**
 * A courier starts depositing the cash they owe by mobile money: its payment and the deposit it credits once paid, at
 * most what they owe now less the deposits already on their way (mobileDepositRefusal, libs/domain), checked under
 * their lock in the unit of work that records it, so deposits sent at once cannot together pass it.
 */
@Injectable()
export class StartCashDepositUseCase {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly payments: PaymentsRepository,
    private readonly ledger: LedgerService,
  ) {}

  execute(data: NewPayment): Promise<{ payment: Payment; depositId: string }> {
    return this.unitOfWork.run(async (tx) => {
      await this.ledger.lock(tx, data.clientId);
      const balances = courierBalances(await this.ledger.sums(data.clientId, tx));
      const { refusal, owed } = mobileDepositRefusal(balances, await this.ledger.pendingDeposits(tx, data.clientId), data.amount);
      if (refusal === 'nothing_owed') throw PaymentErrors.nothingToDeposit();
      if (refusal === 'above_owed') throw PaymentErrors.depositAboveOwed(owed);
      return this.payments.createCashDeposit(tx, data);
    });
  }
}
