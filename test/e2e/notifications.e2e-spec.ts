import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName } from '@coursa/contracts';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { newPhone } from '../support/accounts.js';
import { startFakeNimba } from '../support/fake-sms-servers.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';
import { settled } from '../support/settled.js';

// The real worker and BullMQ, sending through the Nimba driver to a local fake of Nimba's API.
let nimba: Awaited<ReturnType<typeof startFakeNimba>>;
let app: TestApp;
let queue: JobQueue;

beforeAll(async () => {
  nimba = await startFakeNimba({ serviceId: 'service-id', secret: 'nimba-secret', approvedSenderNames: ['Coursa'] });
  app = await startTestApp({
    SMS_DRIVER: 'nimba',
    NIMBA_BASE_URL: nimba.url,
    NIMBA_SERVICE_ID: 'service-id',
    NIMBA_SECRET: 'nimba-secret',
    SMS_PER_PHONE_PER_HOUR: '3',
  });
  queue = app.worker.get(JobQueue);
});
afterAll(async () => {
  await app?.close();
  await nimba?.stop();
});

describe('the notifications worker', () => {
  it('retries with backoff until the provider accepts the SMS', async () => {
    const phone = newPhone();
    nimba.failNext(2, 500);
    await queue.add(JobName.SendSms, { to: phone, text: 'Coursa : test de reprise', kind: 'courier_alert' }, { backoff: { type: 'exponential', delay: 100 } });
    await waitUntil('the text', () => nimba.received.some((message) => message.to.includes(phone.slice(1))));
    expect(nimba.received.filter((message) => message.to.includes(phone.slice(1)))).toHaveLength(1);
  });

  it('sends at most SMS_PER_PHONE_PER_HOUR to one number and keeps the rest for later', async () => {
    const phone = newPhone();
    for (let index = 0; index < 5; index++) {
      await queue.add(JobName.SendSms, { to: phone, text: `Coursa : message ${index}`, kind: 'courier_alert' });
    }
    await waitUntil('three texts', () => nimba.received.filter((message) => message.to.includes(phone.slice(1))).length === 3);
    await settled(app);
    expect(nimba.received.filter((message) => message.to.includes(phone.slice(1)))).toHaveLength(3);
    expect(await queue.queue('notifications').getDelayedCount()).toBe(2);
  });

  it('sends an outbox text once, even when the relay publishes it again after its job has finished', async () => {
    const phone = newPhone();
    const payload = { to: phone, text: 'Coursa : une seule fois', kind: 'courier_alert' };
    const event = await app.db.outboxEvent.create({ data: { type: 'sms', aggregateType: 'course', aggregateId: 'test', payload } });
    const textsTo = () => nimba.received.filter((message) => message.to.includes(phone.slice(1)));
    await waitUntil('the text', () => textsTo().length === 1);
    // As after a crash between adding the job and committing the event's publication (which also blanks the
    // text): the relay finds it again, whole.
    await app.db.outboxEvent.update({ where: { id: event.id }, data: { publishedAt: null, payload } });
    const published = async () => (await app.db.outboxEvent.findUniqueOrThrow({ where: { id: event.id } })).publishedAt !== null;
    await waitUntil('the event to be published again', published, 10_000);
    expect(await published()).toBe(true);
    const notifications = queue.queue('notifications');
    expect((await notifications.getWaitingCount()) + (await notifications.getActiveCount())).toBe(0);
    expect(textsTo()).toHaveLength(1);
  });
});
