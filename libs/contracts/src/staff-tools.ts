import type { BloodGroup, EmergencyRelationship, IdType, PayoutAccount, VehicleType } from '@coursa/domain';
import type { z } from 'zod';
import type { AdminUserDto } from './back-office.js';
import type { StaffNoticeKind } from './outbox.js';
import type { UpdateCourierFileSchema } from './schemas/staff.js';

/**
 * A notice to staff kept server-side (issue 38): the back office's notification centre lists them after a reload,
 * newest first, each read or not by the staff member asking.
 */
export interface StaffNotificationDto {
  id: string;
  kind: StaffNoticeKind;
  message: string;
  created_at: string;
  read: boolean;
}

/** POST /admin/notifications/:id/read. */
export interface StaffNotificationReadResponse {
  id: string;
  read: true;
}

/** POST /admin/notifications/read-all: how many notices this staff member had not read yet. */
export interface StaffNotificationsReadAllResponse {
  marked: number;
}

/**
 * POST /admin/users/:id/reset-password: a temporary password went to the user's phone by SMS (never shown to staff),
 * every session of theirs ended; they change it in their profile once signed in.
 */
export interface StaffPasswordResetResponse {
  message: string;
  /** The phone the SMS goes to (E.164). */
  sent_to: string;
}

/** A courier's KYC file as staff read it: what onboarding recorded, photos as URLs under /api/files (staff only). */
export interface CourierKycDto {
  vehicle_type: VehicleType | null;
  license_number: string | null;
  vehicle_registration: string | null;
  vehicle_description: string | null;
  id_type: IdType;
  id_number: string;
  /** YYYY-MM-DD. */
  id_expiry_date: string;
  id_photo_url: string;
  personal_photo_url: string | null;
  blood_group: BloodGroup | null;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: EmergencyRelationship;
  address: string | null;
  experience_years: number | null;
  previous_employer: string | null;
  /** Where the courier is paid: a bank or a wallet, and its account number (a wallet in E.164). */
  bank_name: PayoutAccount | null;
  bank_account: string | null;
  updated_at: string;
}

/**
 * GET /admin/couriers/:id/file (issue 38): the courier's account and KYC file; `kyc` null for a courier created
 * without the onboarding form (a test or seed account).
 */
export interface CourierFileDto extends AdminUserDto {
  kyc: CourierKycDto | null;
}

/** PUT /admin/couriers/:id/file: the fields to change, each with the onboarding's rule; left out, unchanged. */
export type UpdateCourierFileRequest = z.input<typeof UpdateCourierFileSchema>;

export interface CourierFileUpdatedResponse {
  message: string;
  file: CourierFileDto;
}
