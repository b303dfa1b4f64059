import { Inject, Injectable } from '@nestjs/common';
import type { CashOverviewResponse, CourierCashRow, MessageResponse } from '@coursa/contracts';
import { courierBalances, formatGnf, isOverCashCap } from '@coursa/domain';
import type { LedgerAdjustmentInput, OfficeDepositInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import type { PageRequest } from '../../common/pagination/pagination.js';
import { Clock } from '../../common/security/secrets.js';
import { CourierCashRepository } from './courier-cash.repository.js';
import { LedgerErrors } from './ledger.errors.js';
import { AdjustLedgerUseCase } from './use-cases/adjust-ledger.use-case.js';
import { RecordOfficeDepositUseCase } from './use-cases/record-office-deposit.use-case.js';

/** Cash on the street: what each courier holds and owes, deposits at the office, ledger corrections. */
@Injectable()
export class CourierCashService {
  constructor(
    private readonly cash: CourierCashRepository,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly recordOfficeDeposit: RecordOfficeDepositUseCase,
    private readonly adjustLedger: AdjustLedgerUseCase,
  ) {}

  /** A page of the couriers with ledger entries, those who owe the most first, and the cash on the street in all. */
  async overview(page: PageRequest): Promise<CashOverviewResponse> {
    const cap = this.config.COURIER_CASH_CAP_GNF;
    const { rows, nextCursor, totalOnStreet } = await this.cash.owingMostFirst(page);
    return {
      total_on_street: totalOnStreet,
      cash_cap: cap,
      couriers: rows.map((courier): CourierCashRow => {
        const balances = courierBalances(courier.sums);
        return {
          courier_id: courier.id,
          name: courier.fullName,
          phone: courier.phone,
          cash_held: balances.cash_held,
          cash_owed: balances.cash_owed,
          balance: balances.balance,
          over_cap: isOverCashCap(balances, cap),
        };
      }),
      next_cursor: nextCursor,
    };
  }

  /** At most what the courier holds (checked under their lock by RecordOfficeDepositUseCase): more would be money the ledger cannot explain. */
  async officeDeposit(staff: AuthUser, courierId: string, input: OfficeDepositInput, ip?: string): Promise<MessageResponse> {
    const courier = await this.cash.findCourier(courierId);
    if (!courier) throw LedgerErrors.courierNotFound();
    await this.recordOfficeDeposit.execute(courierId, input.amount, input.note, { id: staff.id, role: staff.role, ip }, this.clock.now());
    return { message: `Dépôt de ${formatGnf(input.amount)} enregistré pour ${courier.fullName}.` };
  }

  async adjust(staff: AuthUser, courierId: string, input: LedgerAdjustmentInput, ip?: string): Promise<MessageResponse> {
    const courier = await this.cash.findCourier(courierId);
    if (!courier) throw LedgerErrors.courierNotFound();
    await this.adjustLedger.execute(courierId, input.account, input.amount, input.reason, { id: staff.id, role: staff.role, ip });
    return { message: `Correction de ${formatGnf(input.amount)} enregistrée pour ${courier.fullName}.` };
  }
}
