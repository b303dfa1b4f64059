import type { CourseOrder } from './courses.js';

export type PaymentMethodCode = 'paycard' | 'orange_money' | 'mtn_momo' | 'card' | 'cash_on_delivery';

export interface PaymentMethodItem {
  code: PaymentMethodCode;
  name: string;
  currency: 'GNF' | 'USD';
  description: string;
  /** Phone prefixes the method accepts (mobile money), e.g. ["62"] for Orange. */
  prefixes: string[];
}

/** Spec §3 "Payment methods response". */
export interface PaymentMethodsResponse {
  paycard_mobile_money: PaymentMethodItem[];
  mobile_money: PaymentMethodItem[];
  cash_on_delivery: PaymentMethodItem[];
  card: PaymentMethodItem[];
  paycard_info?: { provider: string; description: string };
}

interface PaymentCommon {
  /** The course price in GNF (card payments are charged in USD at the configured rate). */
  amount: number;
  customer_email?: string | null;
  customer_name: string;
  phone_number?: string | null;
  /** COURSE_ followed by a timestamp, unique. */
  order_id: string;
  description?: string;
  /**
   * The course this payment pays for, stored with the payment: once the provider confirms it, the course is created
   * by the server whether or not the browser comes back. Its price (after any promo) must equal `amount`.
   */
  course?: CourseOrder;
}

export interface PaycardPaymentRequest extends PaymentCommon {
  auto_redirect?: boolean;
  jump_to_om?: boolean;
}

export interface MobileMoneyPaymentRequest extends PaymentCommon {
  currency: 'GNF';
  payment_method: 'orange_money' | 'mtn_momo';
  phone_number: string;
}

export interface CardPaymentRequest extends PaymentCommon {
  currency: 'USD';
  card_number: string;
  cvv: string;
  expiry_month: string;
  expiry_year: string;
}

export type PaymentStatus = 'pending' | 'succeeded' | 'failed' | 'expired' | 'refund_pending' | 'refunded';

export interface PaymentInitiatedResponse {
  status: 'initiated' | 'completed' | 'requires_3ds' | 'failed';
  order_id: string;
  payment_url?: string;
  payment_link?: string;
  auth_url?: string;
  message?: string;
  amount: number;
  currency: 'GNF' | 'USD';
  amount_usd?: number;
  /**
   * Set when the provider has no page and asks the payer's phone instead (MTN MoMo): the wallet the prompt was sent
   * to, in E.164. The app then follows the payment's status.
   */
  prompt_phone?: string;
}

export interface PaymentStatusResponse {
  order_id: string;
  status: PaymentStatus;
  method: PaymentMethodCode;
  amount: number;
  course_id: string | null;
  /** Why a payment did not go through, or why its course could not be made (then it is refunded), in French. */
  failure_message: string | null;
}

/** GET /payments/callback/paycard: PayCard sends the customer's browser back with its operation reference. */
export interface PaycardReturnQuery {
  'paycard-operation-reference'?: string;
}

/** POST /payments/callback/orange-money: Orange's notice (only its token is trusted; the status is re-checked). */
export interface OrangeMoneyNotice {
  status: string;
  notif_token: string;
  txnid?: string;
}

/** POST /payments/callback/mtn-momo: MTN's notice (the status is re-checked with MTN). */
export interface MtnMomoNotice {
  externalId: string;
  status?: string;
}
