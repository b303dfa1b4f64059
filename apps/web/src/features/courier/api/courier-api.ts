import type { CashDepositRequest } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export const courierQueries = {
  history: () => routeQuery('GET /api/delivery/history'),
  ratings: () => routeQuery('GET /api/delivery/ratings'),
  // The courier's money also changes away from this screen (a deposit confirmed on the operator's page or phone, a
  // payout sent): unlike the other tabs, read again when the courier comes back to the window.
  earnings: () => ({ ...routeQuery('GET /api/delivery/earnings'), refetchOnWindowFocus: true }),
  commissionHistory: () => routeQuery('GET /api/delivery/commission-history'),
  paymentHistory: () => routeQuery('GET /api/delivery/payment-history'),
  ledger: () => ({ ...routeQuery('GET /api/delivery/ledger'), refetchOnWindowFocus: true }),
};

/** The courier's calls (spec §7), all under /delivery. */
export const courierApi = {
  toggleAvailability: () => apiClient.call('POST /api/delivery/toggle-availability'),
  availableCourses: () => apiClient.call('GET /api/delivery/available-courses'),
  accept: (id: string) => apiClient.call('POST /api/delivery/accept-course/:id', { params: { id } }),
  history: () => apiClient.call('GET /api/delivery/history'),
  navigation: (id: string) => apiClient.call('GET /api/delivery/course/:id/navigation', { params: { id } }),
  updateStatus: (id: string, status: CourseStatus) =>
    apiClient.call('POST /api/delivery/course/:id/update-status', { params: { id }, query: { new_status: status } }),
  verifyOtp: (id: string, otp: string) => apiClient.call('POST /api/delivery/course/:id/verify-otp', { params: { id }, body: { otp } }),
  regenerateOtp: (id: string) => apiClient.call('POST /api/delivery/course/:id/regenerate-otp', { params: { id } }),
  contactSupport: (id: string, issue: string) =>
    apiClient.call('POST /api/delivery/course/:id/contact-support', { params: { id }, query: { issue } }),
  depositCash: (body: CashDepositRequest) => apiClient.call('POST /api/delivery/cash-deposits', { body }),
  requestPayment: (amount: number) =>
    apiClient.call('POST /api/delivery/request-payment', { body: { amount, reason: 'early_payment' } }),
};
