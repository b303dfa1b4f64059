import type { CaseStatus, DisputeType, IncidentKind } from '@coursa/domain';
import type { Page } from './pagination.js';
import type { z } from 'zod';
import type { UpdateCaseSchema } from './schemas/cases.js';
import type { ProcessPaymentSchema } from './schemas/payouts.js';

/** PUT /admin/disputes/{id} and /admin/support-requests/{id}: staff move a case and may leave a note. */
export type UpdateCaseRequest = z.input<typeof UpdateCaseSchema>;

interface CaseFields {
  id: string;
  /** The course's uuid and its number as staff read it (`courseNumber`: CRS-000123); null for a request without course. */
  course_id: string | null;
  course_number: string | null;
  status: CaseStatus;
  status_label: string;
  staff_note: string | null;
  /** The staff member who last changed the case. */
  handled_by_name: string | null;
  created_at: string;
  updated_at: string;
  resolved_at: string | null;
}

/** GET /admin/disputes: a client's claim as staff handle it. */
export interface StaffDisputeDto extends CaseFields {
  client_name: string;
  client_phone: string;
  dispute_type: DisputeType;
  dispute_type_label: string;
  reason: string;
  description: string | null;
  /** The disputed course's proof of delivery photo (`/api/files/<id>`), or null. */
  proof_photo_url: string | null;
}

/** GET /admin/support-requests: a courier's support request (sent from a course). */
export interface StaffSupportRequestDto extends CaseFields {
  courier_name: string;
  courier_phone: string;
  issue: string;
  /** An incident reported after collection (issue 38), with its French label; null for a plain request. */
  incident_kind: IncidentKind | null;
  incident_label: string | null;
  /** Where the courier was when he reported it, and when (his phone's position, else his last live one). */
  position: { latitude: number; longitude: number; at: string | null } | null;
}

/** A page of GET /admin/disputes, newest first: the route answers the items, the cursor in headers. */
export type StaffDisputesResponse = Page<'disputes', StaffDisputeDto>;

/** A page of GET /admin/support-requests, newest first: the route answers the items, the cursor in headers. */
export type StaffSupportRequestsResponse = Page<'support_requests', StaffSupportRequestDto>;

export interface DisputeUpdatedResponse {
  message: string;
  dispute: StaffDisputeDto;
}

export interface SupportRequestUpdatedResponse {
  message: string;
  support_request: StaffSupportRequestDto;
}

/** One pending commission inside its courier's group. */
export interface PendingCommissionDto {
  id: string;
  amount: number;
  created_at: string;
  course_id: string;
  /** Already inside a payout in progress (weekly run, early payment, staff): not offered to pay by hand. */
  in_payout: boolean;
}

/** A courier's pending commissions, as the service reads them for GET /admin/commissions/pending. */
export interface PendingCommissionGroupDto {
  deliverer_id: string;
  deliverer_name: string;
  deliverer_phone: string;
  /** The wallet the weekly run pays (their KYC Orange Money / MTN MoMo wallet, else their phone): the hand payment's default. */
  deliverer_wallet: string;
  /** The sum of the group's commissions, in GNF. */
  amount: number;
  count: number;
  /** Oldest first. */
  commissions: PendingCommissionDto[];
}

/** A page of couriers with pending commissions as the service reads it, the one with the oldest pending commission first. */
export type PendingCommissionsResponse = Page<'commissions', PendingCommissionGroupDto>;

/** GET /admin/commissions/pending: one pending commission with its courier (back-office spec §3 "Commission"). */
export interface CourierPendingCommissionDto extends PendingCommissionDto, Omit<PendingCommissionGroupDto, 'amount' | 'count' | 'commissions'> {}

/**
 * GET /admin/commissions/pending: the spec's `{commissions}`, one item per commission, each courier's together and
 * oldest first, the courier with the oldest one first. A page is a few couriers whole: `limit` counts couriers, and a
 * page ends before 200 commissions (README "Lists come in pages").
 */
export type PendingCommissionsAnswer = Page<'commissions', CourierPendingCommissionDto>;

/**
 * The pending commissions by courier, as the back office shows them: the list answers one item per commission, each
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

/** GET /admin/commissions/summary (spec §3 "Commission summary"); months are calendar months in Conakry time. */
export interface CommissionSummaryDto {
  pending_amount: number;
  pending_count: number;
  /** Commissions marked paid this month, in GNF. */
  paid_this_month: number;
  /** Payouts completed this month. */
  payments_this_month: number;
}

/** GET /admin/payment-requests: a courier's early payment request (spec §3 "Payment request"). */
export interface StaffPaymentRequestDto {
  id: string;
  deliverer_id: string;
  deliverer_name: string;
  amount: number;
  reason: string;
  status: 'pending' | 'approved' | 'rejected';
  created_at: string;
}

/** GET /admin/payment-requests: pending first, then newest first (a page). */
export type PaymentRequestsResponse = Page<'requests', StaffPaymentRequestDto>;

/** POST /admin/commissions/process-payment. */
export type ProcessPaymentRequest = z.input<typeof ProcessPaymentSchema>;

/** GET /admin/payouts: money sent, or set aside to send, to a courier. */
export interface PayoutDto {
  id: string;
  deliverer_name: string;
  amount: number;
  total_courses: number;
  period_start: string;
  period_end: string;
  method: string;
  phone: string | null;
  reference: string;
  status: 'processing' | 'completed' | 'failed';
  created_at: string;
  completed_at: string | null;
}

/** A page of GET /admin/payouts, newest first: the route answers the items, the cursor in headers. */
export type PayoutsResponse = Page<'payouts', PayoutDto>;

/** POST /admin/commissions/process-payment and /admin/payouts/{id}/check-status. */
export interface PayoutSentResponse {
  success: true;
  message: string;
  payout: PayoutDto;
}
