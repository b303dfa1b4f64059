import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FakeSmtpServer } from '../../../../../../test/support/fake-smtp-server.js';
import { loadConfig } from '../../../common/config/config.js';
import { activationEmail, resetCodeEmail } from '../email-templates.js';
import { createEmailDriver } from './drivers.js';
import { LogDriver } from './log.driver.js';
import { PermanentSendError, type OutgoingEmail } from './message-driver.js';
import { SmtpDriver } from './smtp.driver.js';

const CREDENTIALS = { user: 'relay@coursa.gn', pass: 'p@ss:w/rd' };
const FROM = 'Coursa <no-reply@coursa.gn>';
const CODE = '730518';
const message = (to: string): OutgoingEmail => ({ to, ...resetCodeEmail({ fullName: 'Aïssatou <Bah>', code: CODE, validMinutes: 15 }) });

let smtp: FakeSmtpServer;
const drivers: SmtpDriver[] = [];
const driver = (url = smtp.url) => {
  const created = new SmtpDriver({ url, from: FROM });
  drivers.push(created);
  return created;
};

beforeAll(async () => {
  smtp = await FakeSmtpServer.start({ credentials: CREDENTIALS });
});
afterEach(async () => {
  await Promise.all(drivers.splice(0).map((used) => used.close()));
});
afterAll(async () => {
  await smtp?.stop();
});

describe('SmtpDriver', () => {
  it('signs in with the URL credentials and sends the subject, the plain-text and the HTML bodies from EMAIL_FROM', async () => {
    await driver().send(message('fanta@exemple.gn'));
    const [email] = smtp.receivedBy('fanta@exemple.gn');
    expect(email).toMatchObject({ envelopeFrom: 'no-reply@coursa.gn', envelopeTo: ['fanta@exemple.gn'], subject: 'Votre code de réinitialisation Coursa' });
    expect(email!.headers.from).toBe(FROM);
    expect(email!.headers.to).toBe('fanta@exemple.gn');
    expect(email!.text).toBe(message('fanta@exemple.gn').text);
    expect(email!.html).toBe(message('fanta@exemple.gn').html);
    expect(email!.html).toContain('Bonjour Aïssatou &lt;Bah&gt;,');
  });

  it('fails for good when the server refuses the recipient (5xx), without quoting the message', async () => {
    smtp.refuse('inconnu@exemple.gn', 550);
    const failure = await driver().send(message('inconnu@exemple.gn')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermanentSendError);
    expect((failure as Error).message).toBe('SMTP server answered 550 to RCPT TO for inconnu@exemple.gn');
  });

  it('fails for now when the server says to try later (4xx)', async () => {
    smtp.refuse('occupe@exemple.gn', 451, 1);
    const failure = await driver().send(message('occupe@exemple.gn')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(PermanentSendError);
    expect((failure as Error).message).toBe('SMTP server answered 451 to RCPT TO for occupe@exemple.gn');
    await driver().send(message('occupe@exemple.gn'));
    expect(smtp.receivedBy('occupe@exemple.gn')).toHaveLength(1);
  });

  it('fails for now when the server cannot be reached', async () => {
    const down = await FakeSmtpServer.start();
    const url = down.url;
    await down.stop();
    const failure = await driver(url).send(message('fanta@exemple.gn')).catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(PermanentSendError);
    expect((failure as Error).message).toMatch(/^SMTP failed with no reply from the server \(\w+ ECONNREFUSED\) while sending to fanta@exemple\.gn$/);
  });

  it('fails for good on wrong credentials', async () => {
    const wrong = smtp.url.replace(encodeURIComponent(CREDENTIALS.pass), 'wrong');
    const failure = await driver(wrong).send(message('fanta@exemple.gn')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PermanentSendError);
    expect((failure as Error).message).toMatch(/^SMTP server answered 535 /);
  });
});

describe('createEmailDriver', () => {
  it('sends through SMTP_URL when it is set, else writes the outbox file with the subject and the plain-text body', async () => {
    const outboxFile = join(tmpdir(), `coursa-outbox-${randomUUID()}.jsonl`);
    const logDriver = createEmailDriver(loadConfig({ OUTBOX_FILE: outboxFile }));
    expect(logDriver).toBeInstanceOf(LogDriver);
    await logDriver.send(message('fanta@exemple.gn'));
    await logDriver.close?.();
    expect(JSON.parse(readFileSync(outboxFile, 'utf8'))).toMatchObject({
      channel: 'email',
      to: 'fanta@exemple.gn',
      subject: 'Votre code de réinitialisation Coursa',
      text: message('fanta@exemple.gn').text,
      kind: 'reset_code',
    });
    rmSync(outboxFile);

    const smtpDriver = createEmailDriver(loadConfig({ SMTP_URL: smtp.url, EMAIL_FROM: 'Courses <courses@coursa.gn>' }));
    expect(smtpDriver).toBeInstanceOf(SmtpDriver);
    await smtpDriver.send({ to: 'alpha@exemple.gn', ...activationEmail({ fullName: 'Alpha', link: 'https://coursa.gn/activation?token=t0k', validHours: 24 }) });
    await smtpDriver.close?.();
    expect(smtp.receivedBy('alpha@exemple.gn')[0]).toMatchObject({ subject: 'Activez votre compte Coursa', headers: { from: 'Courses <courses@coursa.gn>' } });
  });
});
