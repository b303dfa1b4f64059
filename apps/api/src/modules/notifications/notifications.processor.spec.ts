import { describe, expect, it } from '@jest/globals';
import { JobName, type SendEmailPayload, type SendMessagePayload } from '@coursa/contracts';
import { DelayedError, UnrecoverableError, type Job } from 'bullmq';
import type { Logger } from 'pino';
import { loadConfig } from '../../common/config/config.js';
import { PermanentSendError, type MessageDriver, type OutgoingMessage } from './drivers/message-driver.js';
import type { HourlyLimit, HourlyLimits } from './hourly-limits.js';
import { NotificationsProcessor } from './notifications.processor.js';

const SMS: SendMessagePayload = { to: '+224620000001', text: 'Coursa : votre code est 482913', kind: 'delivery_otp' };
const EMAIL: SendEmailPayload = { to: 'fanta@exemple.gn', subject: 'Code', text: 'Code 730518', html: '<p>Code 730518</p>', kind: 'reset_code' };

/** A driver that records what it sent, or fails with `failure`. */
function fakeDriver(failure?: Error) {
  const sent: OutgoingMessage[] = [];
  const driver: MessageDriver<never> = {
    async send(message: OutgoingMessage) {
      if (failure) throw failure;
      sent.push(message);
    },
  };
  return { driver, sent };
}

/** A job as BullMQ hands it out: what the processor moved or rewrote is kept. */
function fakeJob<Payload>(data: Payload, { attemptsMade = 0, attempts = 5 } = {}) {
  const moves: { delayedUntil: number; token?: string }[] = [];
  const updates: Payload[] = [];
  const job = {
    data,
    attemptsMade,
    opts: { attempts },
    token: 'lock-token',
    async moveToDelayed(delayedUntil: number, token?: string) {
      moves.push({ delayedUntil, token });
    },
    async updateData(next: Payload) {
      updates.push(next);
    },
  } as unknown as Job<Payload>;
  return { job, moves, updates };
}

function processor({ secondsLeft = 0, sms = fakeDriver(), email = fakeDriver() } = {}) {
  const taken: { limit: HourlyLimit; recipient: string }[] = [];
  const limits = {
    async take(limit: HourlyLimit, recipient: string) {
      taken.push({ limit, recipient });
      return secondsLeft;
    },
  } as HourlyLimits;
  const config = loadConfig({ SMS_PER_PHONE_PER_HOUR: '4', EMAIL_PER_ADDRESS_PER_HOUR: '2' });
  const notifications = new NotificationsProcessor(sms.driver, email.driver, config, limits, {} as Logger);
  return { notifications, taken };
}

describe('NotificationsProcessor', () => {
  it("sends a message within its recipient's hourly limit, counted per channel", async () => {
    const sms = fakeDriver();
    const email = fakeDriver();
    const { notifications, taken } = processor({ sms, email });
    await notifications.handlers[JobName.SendSms]!(SMS, fakeJob(SMS).job);
    await notifications.handlers[JobName.SendEmail]!(EMAIL, fakeJob(EMAIL).job);
    expect(sms.sent).toEqual([SMS]);
    expect(email.sent).toEqual([EMAIL]);
    expect(taken).toEqual([
      { limit: { counter: 'sms-sent', perHour: 4 }, recipient: SMS.to },
      { limit: { counter: 'email-sent', perHour: 2 }, recipient: EMAIL.to },
    ]);
  });

  it("keeps a message over the limit for the end of the recipient's hour, with up to a minute's spread", async () => {
    const sms = fakeDriver();
    const { notifications } = processor({ secondsLeft: 1200, sms });
    const { job, moves } = fakeJob(SMS);
    const before = Date.now();
    await expect(notifications.handlers[JobName.SendSms]!(SMS, job)).rejects.toBeInstanceOf(DelayedError);
    expect(sms.sent).toEqual([]);
    expect(moves).toHaveLength(1);
    expect(moves[0]!.token).toBe('lock-token');
    expect(moves[0]!.delayedUntil).toBeGreaterThanOrEqual(before + 1_200_000);
    expect(moves[0]!.delayedUntil).toBeLessThanOrEqual(Date.now() + 1_260_000);
  });

  it('fails a message refused for good at once, keeping who and what kind but not the text', async () => {
    const { notifications } = processor({ email: fakeDriver(new PermanentSendError('SMTP server answered 550')) });
    const { job, updates } = fakeJob(EMAIL);
    await expect(notifications.handlers[JobName.SendEmail]!(EMAIL, job)).rejects.toEqual(new UnrecoverableError('SMTP server answered 550'));
    expect(updates).toEqual([{ ...EMAIL, text: '', html: '' }]);
  });

  it('lets a provider failure be tried again, and wipes the text when it was the last try', async () => {
    const { notifications } = processor({ sms: fakeDriver(new Error('Nimba answered 503')) });
    const early = fakeJob(SMS, { attemptsMade: 1 });
    await expect(notifications.handlers[JobName.SendSms]!(SMS, early.job)).rejects.toThrow('Nimba answered 503');
    expect(early.updates).toEqual([]);
    const last = fakeJob(SMS, { attemptsMade: 4 });
    await expect(notifications.handlers[JobName.SendSms]!(SMS, last.job)).rejects.toThrow('Nimba answered 503');
    expect(last.updates).toEqual([{ ...SMS, text: '' }]);
  });

  it('never sends an erased message retried by hand', async () => {
    const sms = fakeDriver();
    const { notifications } = processor({ sms });
    const erased = { ...SMS, text: '' };
    await expect(notifications.handlers[JobName.SendSms]!(erased, fakeJob(erased).job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(sms.sent).toEqual([]);
  });
});
