import type { MessageKind, SendEmailPayload } from '@coursa/contracts';

export interface OutgoingMessage {
  /** E.164 phone number for SMS, address for email. */
  to: string;
  text: string;
  kind: MessageKind;
}

/** An e-mail: the message's text is its plain-text body. */
export type OutgoingEmail = SendEmailPayload;

/** Hands one message to a provider; throws when the provider did not accept it (the job is retried). */
export interface MessageDriver<Message extends OutgoingMessage = OutgoingMessage> {
  send(message: Message): Promise<void>;
  /** Releases what the driver holds open (the log driver's file), at shutdown. */
  close?(): Promise<void>;
}

/** A refusal that retrying will not fix (bad number or address, rejected sender): the job fails at once. */
export class PermanentSendError extends Error {}

export const SMS_DRIVER = Symbol('SMS_DRIVER');
export const EMAIL_DRIVER = Symbol('EMAIL_DRIVER');

/** The error for a provider's failed answer: retryable (timeouts, throttling, 5xx) unless retrying cannot help. */
export function sendFailure(status: number, description: string): Error {
  return status === 408 || status === 429 || status >= 500 ? new Error(description) : new PermanentSendError(description);
}
