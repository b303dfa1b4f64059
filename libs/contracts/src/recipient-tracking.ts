import type { CourseStatus } from '@coursa/domain';

/** One step of a course as the recipient sees it: reached or not, and when when it is known. */
export interface RecipientTrackingStep {
  status: CourseStatus;
  label: string;
  done: boolean;
  /** When the course reached this step (null when not reached, or for a step Coursa does not time). */
  at: string | null;
}

/**
 * What the recipient's tracking link (`/suivi/<token>`) shows, with no account: never a phone number, the pickup
 * address nor anyone's id; the price only as the cash to hand over for a cash-on-delivery course.
 */
export interface RecipientTrackingDto {
  status: CourseStatus;
  status_label: string;
  steps: RecipientTrackingStep[];
  /** The courier's first name, once one carries the parcel. */
  courier_first_name: string | null;
  /** The courier's latest position, only once the parcel is collected and while it is on its way. */
  courier_position: { latitude: number; longitude: number; at: string } | null;
  /** « Arrivée estimée dans 12 min » when `eta_minutes` is known, otherwise the spec's fixed text for the status. */
  arrival_estimate: string;
  /** Whole minutes to arrival while under way, once the courier sent a position (even before the position is shown). */
  eta_minutes: number | null;
  delivery_address: string;
  /**
   * The cash to hand over to the courier, for a cash-on-delivery course not yet delivered (issue 34: « À payer en
   * espèces à la livraison : 26 000 GNF »); null otherwise.
   */
  cash_to_pay: number | null;
  /** When the link stops answering (one hour after the course ends), null while it is under way. */
  expires_at: string | null;
}
