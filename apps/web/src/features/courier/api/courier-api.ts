import type { CashDepositRequest } from '@coursa/contracts';
import type { CourseStatusFilter, HandBackReason, IncidentKind } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';
import { allPagesQuery, pagedQuery } from '@/lib/paged-query';
import { routeQuery } from '@/lib/query-client';
import type { QueuedAction } from '../offline/courier-outbox';

export const courierQueries = {
  /** The courier's deliveries, newest first, a page at a time; by status or `active` (all when none). */
  history: (status?: CourseStatusFilter) => pagedQuery('GET /api/delivery/history', { status }),
  ratings: () => routeQuery('GET /api/delivery/ratings'),
  /** One course under way as the navigation screen shows it; read again when its status changes. */
  navigation: (id: string) => routeQuery('GET /api/delivery/course/:id/navigation', { params: { id } }),
  // The courier's money also changes away from this screen (a deposit confirmed on the operator's page or phone, a
  // payout sent): unlike the other tabs, read again when the courier comes back to the window.
  earnings: () => ({ ...routeQuery('GET /api/delivery/earnings'), refetchOnWindowFocus: true }),
  commissionHistory: () => pagedQuery('GET /api/delivery/commission-history'),
  paymentHistory: () => pagedQuery('GET /api/delivery/payment-history'),
  ledger: () => ({ ...pagedQuery('GET /api/delivery/ledger'), refetchOnWindowFocus: true }),
  /** Pending courses, oldest first, a page at a time. */
  availableCourses: () => pagedQuery('GET /api/delivery/available-courses'),
  /**
   * Every course the courier has under way (all the pages of `active`: a courier carries a few at most): the navigation
   * screen lists them, and positions are streamed while there is one. Read again when one of them changes.
   */
  activeDeliveries: () => allPagesQuery('GET /api/delivery/history', { status: 'active' }, (deliveries) => deliveries),
};

/** The courier's calls (spec §7), all under /delivery. */
export const courierApi = {
  toggleAvailability: () => apiClient.call('POST /api/delivery/toggle-availability'),
  accept: (id: string) => apiClient.call('POST /api/delivery/accept-course/:id', { params: { id } }),
  regenerateOtp: (id: string) => apiClient.call('POST /api/delivery/course/:id/regenerate-otp', { params: { id } }),
  /** Issue 38: before collecting, the course back to dispatch with a reason; after, an incident for staff. */
  handBack: (id: string, reason: HandBackReason, note: string) =>
    apiClient.call('POST /api/delivery/course/:id/hand-back', { params: { id }, body: { reason, ...(note && { note }) } }),
  reportIncident: (id: string, kind: IncidentKind, note: string) =>
    apiClient.call('POST /api/delivery/course/:id/incident', { params: { id }, body: { kind, ...(note && { note }) } }),
  depositCash: (body: CashDepositRequest) => apiClient.call('POST /api/delivery/cash-deposits', { body }),
  /**
   * A step, a delivery code or a support request: always through the courier's outbox (offline/courier-sync), sent
   * with its own Idempotency-Key and the time it was made at.
   */
  sendQueued: ({ action, key, occurredAt }: QueuedAction) => {
    const options = { params: { id: action.courseId }, headers: { 'Idempotency-Key': key } };
    switch (action.kind) {
      case 'update-status':
        return apiClient.call('POST /api/delivery/course/:id/update-status', { ...options, query: { new_status: action.status, occurred_at: occurredAt } });
      case 'verify-otp':
        return apiClient.call('POST /api/delivery/course/:id/verify-otp', { ...options, body: { otp: action.otp, occurred_at: occurredAt } });
      case 'contact-support':
        return apiClient.call('POST /api/delivery/course/:id/contact-support', { ...options, query: { issue: action.issue, occurred_at: occurredAt } });
      case 'proof-photo':
        // Sent again after a lost answer, the same photo is kept once (the server compares it with the course's).
        return apiClient.upload('POST /api/delivery/course/:id/proof-photo', action.photo, options);
    }
  },
  requestPayment: (amount: number) =>
    apiClient.call('POST /api/delivery/request-payment', { body: { amount, reason: 'early_payment' } }),
};
