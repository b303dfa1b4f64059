import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  startFakeNimba,
  startFakeOrange,
  startFakeTwilio,
  type FakeOrange,
  type FakeSmsServer,
} from '../../../../../../test/support/fake-sms-servers.js';
import { loadConfig } from '../../../common/config/config.js';
import { createSmsDriver } from './drivers.js';
import { PermanentSendError, type MessageDriver, type OutgoingMessage } from './message-driver.js';
import { NimbaDriver, type NimbaSettings } from './nimba.driver.js';
import { OrangeSmsDriver, type OrangeSmsSettings } from './orange.driver.js';
import { TwilioDriver, type TwilioSettings } from './twilio.driver.js';

const CODE = '482913';
const MESSAGE: OutgoingMessage = { to: '+224620000001', text: `Coursa : votre code est ${CODE}`, kind: 'delivery_otp' };

const NIMBA = { serviceId: 'nimba-service-7f3a', secret: 'nimba-secret-Zq81x', approvedSenderNames: ['Coursa'] };
const ORANGE = { clientId: 'orange-client-41bd', clientSecret: 'orange-secret-Yt62w', senderAddress: 'tel:+2240000' };
const TWILIO = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'twilio-token-Pw93k', numbers: ['+15017122661'] };

const nimbaDriver = (url: string, changes: Partial<NimbaSettings> = {}) =>
  new NimbaDriver({ baseUrl: url, serviceId: NIMBA.serviceId, secret: NIMBA.secret, senderName: 'Coursa', ...changes });
const orangeDriver = (url: string, changes: Partial<OrangeSmsSettings> = {}) => new OrangeSmsDriver({ baseUrl: url, ...ORANGE, ...changes });
const twilioDriver = (url: string, changes: Partial<TwilioSettings> = {}) =>
  new TwilioDriver({ baseUrl: url, accountSid: TWILIO.accountSid, authToken: TWILIO.authToken, from: TWILIO.numbers[0]!, ...changes });

const basic = (user: string, password: string) => Buffer.from(`${user}:${password}`).toString('base64');

interface Provider {
  name: string;
  start(): Promise<FakeSmsServer<unknown>>;
  driver(url: string): MessageDriver;
  withWrongSecret(url: string): MessageDriver;
  withForeignSender(url: string): MessageDriver;
  /** The environment that makes createSmsDriver build this provider's driver. */
  env(url: string): NodeJS.ProcessEnv;
  /** What must never appear in an error message, besides the text and the code. */
  secrets: string[];
}

const providers: Provider[] = [
  {
    name: 'Nimba',
    start: () => startFakeNimba(NIMBA),
    driver: (url) => nimbaDriver(url),
    withWrongSecret: (url) => nimbaDriver(url, { secret: 'wrong-nimba-secret' }),
    withForeignSender: (url) => nimbaDriver(url, { senderName: 'Inconnu' }),
    env: (url) => ({ SMS_DRIVER: 'nimba', NIMBA_BASE_URL: url, NIMBA_SERVICE_ID: NIMBA.serviceId, NIMBA_SECRET: NIMBA.secret }),
    secrets: [NIMBA.secret, 'wrong-nimba-secret', basic(NIMBA.serviceId, NIMBA.secret), basic(NIMBA.serviceId, 'wrong-nimba-secret')],
  },
  {
    name: 'Orange',
    start: () => startFakeOrange(ORANGE),
    driver: (url) => orangeDriver(url),
    withWrongSecret: (url) => orangeDriver(url, { clientSecret: 'wrong-orange-secret' }),
    withForeignSender: (url) => orangeDriver(url, { senderAddress: 'tel:+2249999' }),
    env: (url) => ({
      SMS_DRIVER: 'orange',
      ORANGE_SMS_BASE_URL: url,
      ORANGE_SMS_CLIENT_ID: ORANGE.clientId,
      ORANGE_SMS_CLIENT_SECRET: ORANGE.clientSecret,
    }),
    secrets: [
      ORANGE.clientSecret,
      'wrong-orange-secret',
      basic(ORANGE.clientId, ORANGE.clientSecret),
      basic(ORANGE.clientId, 'wrong-orange-secret'),
    ],
  },
  {
    name: 'Twilio',
    start: () => startFakeTwilio(TWILIO),
    driver: (url) => twilioDriver(url),
    withWrongSecret: (url) => twilioDriver(url, { authToken: 'wrong-twilio-token' }),
    withForeignSender: (url) => twilioDriver(url, { from: '+15550000000' }),
    env: (url) => ({
      SMS_DRIVER: 'twilio',
      TWILIO_BASE_URL: url,
      TWILIO_ACCOUNT_SID: TWILIO.accountSid,
      TWILIO_AUTH_TOKEN: TWILIO.authToken,
      TWILIO_FROM: TWILIO.numbers[0],
    }),
    secrets: [
      TWILIO.authToken,
      'wrong-twilio-token',
      basic(TWILIO.accountSid, TWILIO.authToken),
      basic(TWILIO.accountSid, 'wrong-twilio-token'),
    ],
  },
];

/** The error the send failed with, after checking that nothing secret is in its message. */
async function failureOf(sending: Promise<void>, provider: Provider): Promise<Error> {
  const error = await sending.then(
    () => {
      throw new Error('the send succeeded');
    },
    (reason: unknown) => reason as Error,
  );
  for (const secret of [...provider.secrets, MESSAGE.text, CODE]) expect(error.message).not.toContain(secret);
  return error;
}

describe.each(providers)('$name driver', (provider) => {
  let server: FakeSmsServer<unknown>;
  beforeAll(async () => {
    server = await provider.start();
  });
  afterAll(() => server.stop());

  it('is the one createSmsDriver builds for its SMS_DRIVER, and reaches the provider', async () => {
    await createSmsDriver(loadConfig(provider.env(server.url))).send(MESSAGE);
    expect(server.received.length).toBeGreaterThan(0);
  });

  it.each([500, 503, 429])('treats HTTP %i as retryable, and the retry goes through', async (status) => {
    const driver = provider.driver(server.url);
    await driver.send(MESSAGE);
    server.failNext(1, status);
    const error = await failureOf(driver.send(MESSAGE), provider);
    expect(error).not.toBeInstanceOf(PermanentSendError);
    expect(error.message).toContain(`HTTP ${status}`);
    const received = server.received.length;
    await driver.send(MESSAGE);
    expect(server.received).toHaveLength(received + 1);
  });

  it('treats an unreachable provider as retryable', async () => {
    const error = await failureOf(provider.driver('http://127.0.0.1:1').send(MESSAGE), provider);
    expect(error).not.toBeInstanceOf(PermanentSendError);
  });

  it('gives up at once on a number the provider rejects, naming the number', async () => {
    const error = await failureOf(provider.driver(server.url).send({ ...MESSAGE, to: '+22462' }), provider);
    expect(error).toBeInstanceOf(PermanentSendError);
    expect(error.message).toContain('+22462');
  });

  it('gives up at once on a sender the account may not use', async () => {
    const error = await failureOf(provider.withForeignSender(server.url).send(MESSAGE), provider);
    expect(error).toBeInstanceOf(PermanentSendError);
  });

  it('gives up at once on wrong credentials, without quoting them', async () => {
    const error = await failureOf(provider.withWrongSecret(server.url).send(MESSAGE), provider);
    expect(error).toBeInstanceOf(PermanentSendError);
    expect(error.message).toContain('HTTP 401');
  });
});

describe('Nimba request', () => {
  it('is {sender_name, to, message} with the number in international form without "+"', async () => {
    const nimba = await startFakeNimba(NIMBA);
    try {
      await nimbaDriver(nimba.url).send(MESSAGE);
      expect(nimba.received).toEqual([
        { sender_name: 'Coursa', to: ['224620000001'], message: MESSAGE.text },
      ]);
    } finally {
      await nimba.stop();
    }
  });
});

describe('Twilio request', () => {
  it('is the form To, From, Body on the account’s Messages.json', async () => {
    const twilio = await startFakeTwilio(TWILIO);
    try {
      await twilioDriver(twilio.url).send(MESSAGE);
      expect(twilio.received).toEqual([
        { accountSid: TWILIO.accountSid, To: '+224620000001', From: '+15017122661', Body: MESSAGE.text },
      ]);
    } finally {
      await twilio.stop();
    }
  });
});

describe('Orange request and token', () => {
  let orange: FakeOrange;
  beforeAll(async () => {
    orange = await startFakeOrange(ORANGE);
  });
  afterAll(() => orange.stop());

  it('posts an outboundSMSMessageRequest to the sender’s url-encoded address', async () => {
    await orangeDriver(orange.url).send(MESSAGE);
    expect(orange.received.at(-1)).toEqual({
      path: '/smsmessaging/v1/outbound/tel%3A%2B2240000/requests',
      body: {
        outboundSMSMessageRequest: {
          address: 'tel:+224620000001',
          senderAddress: 'tel:+2240000',
          outboundSMSTextMessage: { message: MESSAGE.text },
        },
      },
    });
  });

  it('asks for one token for several messages, even sent at the same time', async () => {
    const driver = orangeDriver(orange.url);
    const tokensBefore = orange.tokensIssued;
    await Promise.all([driver.send(MESSAGE), driver.send(MESSAGE)]);
    await driver.send(MESSAGE);
    expect(orange.tokensIssued).toBe(tokensBefore + 1);
  });

  it('renews its token once when Orange answers 401, and the message goes through', async () => {
    const driver = orangeDriver(orange.url);
    await driver.send(MESSAGE);
    orange.expireTokens();
    const [tokensBefore, receivedBefore] = [orange.tokensIssued, orange.received.length];
    await driver.send(MESSAGE);
    expect(orange.tokensIssued).toBe(tokensBefore + 1);
    expect(orange.received).toHaveLength(receivedBefore + 1);
  });

  it('renews its token shortly before Orange’s expires_in', async () => {
    const shortLived = await startFakeOrange({ ...ORANGE, tokenLifetimeSeconds: 30 });
    try {
      const driver = orangeDriver(shortLived.url);
      await driver.send(MESSAGE);
      await driver.send(MESSAGE);
      expect(shortLived.tokensIssued).toBe(2);
    } finally {
      await shortLived.stop();
    }
  });
});
