import type {
  LedgerAdjustmentRequest,
  OfficeDepositRequest,
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
  /** A week's run as it stands: its days, then what it paid. */
  weeklyRun: (isoWeek: string) => routeQuery('GET /api/admin/commissions/weekly-run/:iso_week', { params: { iso_week: isoWeek } }),
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
