import type {
  CourierPendingCommissionDto,
  LedgerAdjustmentRequest,
  OfficeDepositRequest,
  PendingCommissionGroupDto,
  ProcessPaymentRequest,
  WeeklyRunRequest,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';

/** The screen's four lists, each a page at a time; a payment, a decision or a payout check changes any of them. */
export const moneyQueries = {
  /** A page of couriers with pending commissions, each with all of theirs, one item per commission (see pendingByCourier). */
  pending: () => pagedQuery('GET /api/admin/commissions/pending'),
  summary: () => routeQuery('GET /api/admin/commissions/summary'),
  paymentRequests: () => pagedQuery('GET /api/admin/payment-requests'),
  payouts: () => pagedQuery('GET /api/admin/payouts'),
  cash: () => pagedQuery('GET /api/admin/cash'),
};

/** What a payment, a decision, a payout check, the weekly run, a deposit or a correction may change: the whole screen. */
export const moneyChanged = () => [moneyQueries.summary(), moneyQueries.pending(), moneyQueries.paymentRequests(), moneyQueries.payouts(), moneyQueries.cash()];

export const moneyApi = {
  processPayment: (body: ProcessPaymentRequest) => apiClient.call('POST /api/admin/commissions/process-payment', { body }),
  approve: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/approve', { params: { id } }),
  reject: (id: string) => apiClient.call('POST /api/admin/payment-requests/:id/reject', { params: { id } }),
  checkPayout: (id: string) => apiClient.call('POST /api/admin/payouts/:id/check-status', { params: { id } }),
  weeklyRun: (body: WeeklyRunRequest) => apiClient.call('POST /api/admin/commissions/weekly-run', { body }),
  officeDeposit: (id: string, body: OfficeDepositRequest) => apiClient.call('POST /api/admin/couriers/:id/cash-deposits', { params: { id }, body }),
  adjust: (id: string, body: LedgerAdjustmentRequest) => apiClient.call('POST /api/admin/couriers/:id/ledger-adjustments', { params: { id }, body }),
};

/**
 * The pending commissions by courier, as the screen shows them: the list answers one item per commission, each
 * courier's together (a page holds its couriers whole), and the screen pays a courier's commissions together.
 */
export function pendingByCourier(commissions: CourierPendingCommissionDto[]): PendingCommissionGroupDto[] {
  const groups = new Map<string, PendingCommissionGroupDto>();
  for (const { deliverer_id, deliverer_name, deliverer_phone, deliverer_wallet, ...commission } of commissions) {
    const group = groups.get(deliverer_id) ?? { deliverer_id, deliverer_name, deliverer_phone, deliverer_wallet, amount: 0, count: 0, commissions: [] };
    group.amount += commission.amount;
    group.count += 1;
    group.commissions.push(commission);
    groups.set(deliverer_id, group);
  }
  return [...groups.values()];
}
