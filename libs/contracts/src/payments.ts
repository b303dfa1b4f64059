import type { z } from 'zod';
import type { CardPaymentSchema, MobileMoneyPaymentSchema, MtnMomoNoticeSchema, OrangeMoneyNoticeSchema, PaycardPaymentSchema, PaycardReturnSchema } from './schemas/payments.js';

/** `monthly_statement`: a merchant's course on account (issue 40), never offered to clients. */
export type PaymentMethodCode = 'paycard' | 'orange_money' | 'mtn_momo' | 'card' | 'cash_on_delivery' | 'monthly_statement';

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

export type PaycardPaymentRequest = z.input<typeof PaycardPaymentSchema>;

export type MobileMoneyPaymentRequest = z.input<typeof MobileMoneyPaymentSchema>;

export type CardPaymentRequest = z.input<typeof CardPaymentSchema>;

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
export type PaycardReturnQuery = z.input<typeof PaycardReturnSchema>;

/** POST /payments/callback/orange-money: Orange's notice (only its token is trusted; the status is re-checked). */
export type OrangeMoneyNotice = z.input<typeof OrangeMoneyNoticeSchema>;

/** POST /payments/callback/mtn-momo: MTN's notice (the status is re-checked with MTN). */
export type MtnMomoNotice = z.input<typeof MtnMomoNoticeSchema>;
