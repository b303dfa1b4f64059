import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobName } from '@coursa/contracts';
import { randomUUID } from 'node:crypto';
import { JobQueue } from '../../apps/api/src/common/queue/job-queue.service.js';
import { resetCodeEmail } from '../../apps/api/src/modules/notifications/email-templates.js';
import { createAccount, login, newIp, newPhone } from '../support/accounts.js';
import { FakeSmtpServer, type ReceivedEmail } from '../support/fake-smtp-server.js';
import { activationTokenIn, codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';
import { settled } from '../support/settled.js';

// The real API and worker sending e-mail through SMTP_URL to a real SMTP server in this process, which asks for
// the URL's credentials. The app logs at debug level, the most it ever writes, to show no code or link reaches it.
const CREDENTIALS = { user: 'coursa', pass: 'smtp-secret' };
let smtp: FakeSmtpServer;
let app: TestApp;
let queue: JobQueue;
const secrets: string[] = [];

beforeAll(async () => {
  smtp = await FakeSmtpServer.start({ credentials: CREDENTIALS });
  app = await startTestApp({ SMTP_URL: smtp.url, EMAIL_FROM: 'Coursa <no-reply@coursa.test>', LOG_LEVEL: 'debug' });
  queue = app.worker.get(JobQueue);
});
afterAll(async () => {
  await app?.close();
  await smtp?.stop();
});

const newAddress = () => `client-${randomUUID()}@exemple.gn`;
const mailTo = (address: string, count = 1) =>
  waitFor(`${count} e-mail(s) to ${address}`, () => smtp.receivedBy(address), (found) => found.length >= count, 15_000).then((found) => found.at(-1)!);
const jobState = async (jobId: string) => (await queue.queue('notifications').getJob(jobId))?.getState();

describe('e-mail through SMTP', () => {
  it('sends the activation link to the address given at registration; following it activates the account', async () => {
    const address = newAddress();
    const form = {
      phone: newPhone(),
      password: 'motdepasse',
      full_name: 'Fanta <b>Camara</b> & fils',
      email: address,
      accepted_terms: true,
      terms_accepted_at: new Date().toISOString(),
    };
    expect((await app.request('POST', '/api/auth/register', form, { ip: newIp() })).status).toBe(201);

    const email: ReceivedEmail = await mailTo(address);
    expect(email).toMatchObject({ envelopeFrom: 'no-reply@coursa.test', envelopeTo: [address], subject: 'Activez votre compte Coursa' });
    expect(email.headers.from).toBe('Coursa <no-reply@coursa.test>');
    expect(email.text).toContain('Bonjour Fanta <b>Camara</b> & fils,');
    expect(email.text).toContain('http://coursa.test/activation?token=');
    expect(email.html).toContain('Bonjour Fanta &lt;b&gt;Camara&lt;/b&gt; &amp; fils,');
    expect(email.html).not.toContain('<b>');
    const token = activationTokenIn(email.text);
    expect(email.html).toContain(`href="http://coursa.test/activation?token=${token}"`);
    secrets.push(token);
    // The SMS goes on to the outbox file; the e-mail is no longer there.
    await app.outbox.waitFor((line) => line.to === form.phone && line.kind === 'activation');
    expect(app.outbox.lines().filter((line) => line.to === address)).toEqual([]);

    expect(await app.request('POST', '/api/auth/activate', { token })).toMatchObject({ status: 200 });
    await login(app, form.phone, form.password);
  });

  it('sends the reset code by e-mail, valid 15 minutes, and the code resets the password', async () => {
    const { user, phone } = await createAccount(app);
    const address = newAddress();
    await app.db.user.update({ where: { id: user.id }, data: { email: address } });
    const asked = await app.request('POST', '/api/auth/forgot-password-choice', { contact: address, method: 'email' }, { ip: newIp() });
    expect(asked.body.message).toBe('Code envoyé par email si cette adresse existe');

    const email = await mailTo(address);
    expect(email.subject).toBe('Votre code de réinitialisation Coursa');
    expect(email.text).toContain('Il est valable 15 minutes.');
    const code = codeIn(email.text);
    expect(code).toMatch(/^\d{6}$/);
    expect(email.html).toContain(`>${code}</p>`);
    secrets.push(code);

    const reset = await app.request('POST', '/api/auth/reset-password-choice', { contact: address, method: 'email', reset_code: code, new_password: 'nouveau-par-email' }, { ip: newIp() });
    expect(reset.status).toBe(200);
    await login(app, phone, 'nouveau-par-email');
  });

  it('does not retry a recipient the server refuses for good (550), and keeps no code in the failed job', async () => {
    const address = newAddress();
    smtp.refuse(address, 550);
    const jobId = `refused-${randomUUID()}`;
    await queue.add(JobName.SendEmail, { to: address, ...resetCodeEmail({ fullName: 'Alpha', code: '613094', validMinutes: 15 }) }, { jobId, backoff: { type: 'fixed', delay: 100 } });
    await waitUntil('the job to fail', async () => (await jobState(jobId)) === 'failed');
    await settled(app);
    expect(smtp.recipientsOffered.filter((offered) => offered === address)).toHaveLength(1);
    const job = (await queue.queue('notifications').getJob(jobId))!;
    expect(job.attemptsMade).toBe(1);
    expect(job.failedReason).toBe(`SMTP server answered 550 to RCPT TO for ${address}`);
    expect(job.data).toMatchObject({ to: address, kind: 'reset_code', subject: 'Votre code de réinitialisation Coursa', text: '', html: '' });
  });

  it('retries a server that says to try later (451) until it accepts', async () => {
    const address = newAddress();
    smtp.refuse(address, 451, 2);
    await queue.add(JobName.SendEmail, { to: address, ...resetCodeEmail({ fullName: 'Alpha', code: '205837', validMinutes: 15 }) }, { backoff: { type: 'fixed', delay: 100 } });
    await mailTo(address);
    expect(smtp.recipientsOffered.filter((offered) => offered === address)).toHaveLength(3);
  });

  it('keeps no code in a job that failed its last attempt (a server down for good)', async () => {
    const address = newAddress();
    smtp.refuse(address, 451, 10);
    const jobId = `exhausted-${randomUUID()}`;
    await queue.add(JobName.SendEmail, { to: address, ...resetCodeEmail({ fullName: 'Alpha', code: '731904', validMinutes: 15 }) }, { jobId, attempts: 2, backoff: { type: 'fixed', delay: 100 } });
    await waitUntil('the job to fail', async () => (await jobState(jobId)) === 'failed');
    const job = (await queue.queue('notifications').getJob(jobId))!;
    expect(job.attemptsMade).toBe(2);
    expect(job.data).toMatchObject({ to: address, kind: 'reset_code', text: '', html: '' });
  });

  it('delivers after the SMTP server comes back', async () => {
    const address = newAddress();
    const jobId = `outage-${randomUUID()}`;
    await smtp.stop();
    try {
      await queue.add(JobName.SendEmail, { to: address, ...resetCodeEmail({ fullName: 'Alpha', code: '958301', validMinutes: 15 }) }, { jobId, backoff: { type: 'fixed', delay: 500 } });
      await waitUntil('a failed attempt', async () => ((await queue.queue('notifications').getJob(jobId))?.attemptsMade ?? 0) >= 1);
    } finally {
      await smtp.listen();
    }
    const email = await mailTo(address);
    expect(codeIn(email.text)).toBe('958301');
    expect(smtp.receivedBy(address)).toHaveLength(1);
  });

  it('sends at most EMAIL_PER_ADDRESS_PER_HOUR (10) e-mails to one address and keeps the 11th for later', async () => {
    const address = newAddress();
    const jobIds = Array.from({ length: 11 }, (_, index) => `limit-${index}-${randomUUID()}`);
    for (const [index, jobId] of jobIds.entries()) {
      await queue.add(JobName.SendEmail, { to: address, ...resetCodeEmail({ fullName: 'Alpha', code: String(100_000 + index), validMinutes: 15 }) }, { jobId });
    }
    await mailTo(address, 10);
    await settled(app);
    expect(smtp.receivedBy(address)).toHaveLength(10);
    const states = await Promise.all(jobIds.map(jobState));
    expect(states.filter((state) => state === 'delayed')).toHaveLength(1);
    const delayed = (await queue.queue('notifications').getJob(jobIds[states.indexOf('delayed')]!))!;
    // Held until the hour that opened with the first e-mail is over.
    expect(delayed.timestamp + delayed.delay).toBeGreaterThan(Date.now() + 55 * 60_000);
  });

  it('never writes a code or a link, nor the SMTP password, to the logs', () => {
    const logs = app.logs.join('\n');
    expect(logs.length).toBeGreaterThan(1000);
    expect(secrets.length).toBe(2);
    expect([...secrets, CREDENTIALS.pass, '613094', '958301'].filter((secret) => logs.includes(secret))).toEqual([]);
  });
});
