import type { AppConfig } from '../../../common/config/config.js';
import { LogDriver } from './log.driver.js';
import type { MessageDriver, OutgoingEmail } from './message-driver.js';
import { NimbaDriver } from './nimba.driver.js';
import { OrangeSmsDriver } from './orange.driver.js';
import { SmtpDriver } from './smtp.driver.js';
import { TwilioDriver } from './twilio.driver.js';

/** The SMS driver named by SMS_DRIVER. loadConfig has checked that the chosen driver's settings are present. */
export function createSmsDriver(config: AppConfig): MessageDriver {
  switch (config.SMS_DRIVER) {
    case 'log':
      return new LogDriver(config.OUTBOX_FILE, 'sms');
    case 'nimba':
      return new NimbaDriver({
        baseUrl: config.NIMBA_BASE_URL,
        serviceId: config.NIMBA_SERVICE_ID!,
        secret: config.NIMBA_SECRET!,
        senderName: config.NIMBA_SENDER_NAME,
      });
    case 'orange':
      return new OrangeSmsDriver({
        baseUrl: config.ORANGE_SMS_BASE_URL,
        clientId: config.ORANGE_SMS_CLIENT_ID!,
        clientSecret: config.ORANGE_SMS_CLIENT_SECRET!,
        senderAddress: config.ORANGE_SMS_SENDER,
      });
    case 'twilio':
      return new TwilioDriver({
        baseUrl: config.TWILIO_BASE_URL,
        accountSid: config.TWILIO_ACCOUNT_SID!,
        authToken: config.TWILIO_AUTH_TOKEN!,
        from: config.TWILIO_FROM!,
      });
  }
}

/** E-mails go out through SMTP_URL when it is set, else to the outbox file (development, tests). */
export function createEmailDriver(config: AppConfig): MessageDriver<OutgoingEmail> {
  if (!config.SMTP_URL) return new LogDriver(config.OUTBOX_FILE, 'email');
  return new SmtpDriver({ url: config.SMTP_URL, from: config.EMAIL_FROM });
}
