/** Queues, job names and their payloads, typed once (STYLE: "Jobs are typed from one place"). */

export const QueueName = {
  Notifications: 'notifications',
  Payments: 'payments',
  Receipts: 'receipts',
  Commissions: 'commissions',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  SendSms: 'send-sms',
  SendEmail: 'send-email',
  CheckPayment: 'check-payment',
  RenderReceipt: 'render-receipt',
  WeeklyCommissionRun: 'weekly-commission-run',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export type MessageKind = 'activation' | 'reset_code' | 'delivery_otp' | 'courier_alert';

/**
 * An outgoing message. Unlike other jobs it carries its text: codes are stored only as hashes, so there is
 * nothing to reload, and a completed job is removed from Redis at once.
 */
export interface SendMessagePayload {
  to: string;
  text: string;
  kind: MessageKind;
}

/** Ask the provider where a payment stands (after a callback, or on the polling schedule). */
export interface CheckPaymentPayload {
  paymentId: string;
  /** Scheduled polls done so far (decides the next delay); absent for a check after a provider's notice. */
  poll?: number;
}

/** Render (once) the PDF receipt of a delivered course. */
export interface RenderReceiptPayload {
  courseId: string;
}

/** Batch the couriers' pending commissions of an ISO week ("2026-W20") into payouts, once per week. */
export interface WeeklyCommissionRunPayload {
  /** Absent: the week that just ended. */
  isoWeek?: string;
}

export interface JobPayloads {
  [JobName.SendSms]: SendMessagePayload;
  [JobName.SendEmail]: SendMessagePayload;
  [JobName.CheckPayment]: CheckPaymentPayload;
  [JobName.RenderReceipt]: RenderReceiptPayload;
  [JobName.WeeklyCommissionRun]: WeeklyCommissionRunPayload;
}

export const JOB_QUEUE: { [J in JobName]: QueueName } = {
  [JobName.SendSms]: QueueName.Notifications,
  [JobName.SendEmail]: QueueName.Notifications,
  [JobName.CheckPayment]: QueueName.Payments,
  [JobName.RenderReceipt]: QueueName.Receipts,
  [JobName.WeeklyCommissionRun]: QueueName.Commissions,
};
