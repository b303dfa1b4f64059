// Local stand-ins for the SMS providers, which our machines cannot reach. Each one checks credentials and
// request shapes as the provider's documentation and official clients show them, and records what it
// accepted. They listen on 127.0.0.1, port 0, so suites can run side by side.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { formBody, hasBasicAuth, jsonBody, serveFake, type FakeReply, type FakeRequest, type FakeServer } from './fake-http.js';

export interface FakeSmsServer<Received> extends FakeServer {
  /** Every message the server accepted, as it arrived. */
  readonly received: Received[];
}

async function serve<Received>(
  received: Received[],
  handle: (request: FakeRequest, url: string) => FakeReply,
  errorBody: (status: number) => unknown,
): Promise<FakeSmsServer<Received>> {
  return Object.assign(await serveFake(handle, errorBody), { received });
}

// ---- Nimba SMS: POST /v1/messages, Basic SERVICE_ID:SECRET, {sender_name, to: [...], message} → 201 {messageid, url}.
// Limits from Nimba's CLI models (nimbasms/nimbasms-cli src/core/types.py); numbers as its Odoo module sends them.

const NimbaMessage = z.strictObject({
  sender_name: z.string().min(1).max(11),
  to: z.array(z.string()).min(1).max(30),
  message: z.string().min(1).max(665),
});
export type NimbaMessage = z.infer<typeof NimbaMessage>;

export interface NimbaAccount {
  serviceId: string;
  secret: string;
  approvedSenderNames: string[];
}

export function startFakeNimba(account: NimbaAccount): Promise<FakeSmsServer<NimbaMessage>> {
  const received: NimbaMessage[] = [];
  const error = (detail: string) => ({ detail });
  return serve(
    received,
    (request, url) => {
      if (request.method !== 'POST' || request.path !== '/v1/messages') return { status: 404, body: error('Not found.') };
      if (!hasBasicAuth(request.headers, account.serviceId, account.secret)) {
        return { status: 401, body: error('Invalid username/password.') };
      }
      const message = NimbaMessage.safeParse(jsonBody(request));
      if (!message.success) return { status: 400, body: error('Invalid request body.') };
      // International numbers without "+", e.g. 224620000001.
      if (!message.data.to.every((number) => /^\d{8,15}$/.test(number))) {
        return { status: 400, body: error('Invalid phone number.') };
      }
      if (!account.approvedSenderNames.includes(message.data.sender_name)) {
        return { status: 403, body: error('Sender name not approved.') };
      }
      received.push(message.data);
      const messageid = randomUUID();
      return { status: 201, body: { messageid, url: `${url}/v1/messages/${messageid}` } };
    },
    (status) => error(`Error ${status}.`),
  );
}

// ---- Orange SMS API: token from POST /oauth/v3/token (Basic client_id:secret, grant_type=client_credentials),
// then POST /smsmessaging/v1/outbound/{tel:+… url-encoded}/requests with Bearer and an outboundSMSMessageRequest.

const OrangeMessage = z.strictObject({
  outboundSMSMessageRequest: z.strictObject({
    address: z.string(),
    senderAddress: z.string(),
    senderName: z.string().optional(),
    outboundSMSTextMessage: z.strictObject({ message: z.string().min(1) }),
  }),
});
export type OrangeMessage = z.infer<typeof OrangeMessage>;

export interface OrangeAccount {
  clientId: string;
  clientSecret: string;
  /** The sender address of the account's contract, e.g. "tel:+2240000". */
  senderAddress: string;
  /** expires_in of the tokens given; 3600 like Orange's. */
  tokenLifetimeSeconds?: number;
}

export interface FakeOrange extends FakeSmsServer<{ path: string; body: OrangeMessage }> {
  /** Token requests answered with a token. */
  readonly tokensIssued: number;
  /** Makes every token given so far expired, as Orange does at the end of a token's life. */
  expireTokens(): void;
}

const SEND_PATH = /^\/smsmessaging\/v1\/outbound\/([^/]+)\/requests$/;

export async function startFakeOrange(account: OrangeAccount): Promise<FakeOrange> {
  const received: { path: string; body: OrangeMessage }[] = [];
  const validTokens = new Set<string>();
  const expiredTokens = new Set<string>();
  let tokensIssued = 0;
  const serviceError = (messageId: string, text: string) => ({ requestError: { serviceException: { messageId, text } } });
  const policyError = (messageId: string, text: string) => ({ requestError: { policyException: { messageId, text } } });

  const issueToken = (request: FakeRequest): FakeReply => {
    if (!hasBasicAuth(request.headers, account.clientId, account.clientSecret)) {
      return { status: 401, body: { error: 'invalid_client', error_description: 'The requested service needs credentials' } };
    }
    if (formBody(request)?.get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'invalid_request', error_description: 'grant_type must be client_credentials' } };
    }
    const accessToken = randomUUID();
    validTokens.add(accessToken);
    tokensIssued += 1;
    // Orange's examples give expires_in as a string.
    const expiresIn = String(account.tokenLifetimeSeconds ?? 3600);
    return { status: 200, body: { token_type: 'Bearer', access_token: accessToken, expires_in: expiresIn } };
  };

  const sendSms = (request: FakeRequest, encodedSender: string): FakeReply => {
    const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (expiredTokens.has(token)) {
      return { status: 401, body: { code: 42, message: 'Expired credentials', description: 'The credentials are out-of-date.' } };
    }
    if (!validTokens.has(token)) {
      return { status: 401, body: { code: 41, message: 'Invalid credentials', description: 'The credentials are invalid.' } };
    }
    const parsed = OrangeMessage.safeParse(jsonBody(request));
    if (!parsed.success) return { status: 400, body: serviceError('SVC0002', 'Invalid input value') };
    const message = parsed.data.outboundSMSMessageRequest;
    if (!/^tel:\+\d{8,15}$/.test(message.address)) {
      return { status: 400, body: serviceError('SVC0004', 'No valid addresses provided in message part') };
    }
    if (decodeURIComponent(encodedSender) !== message.senderAddress) {
      return { status: 400, body: serviceError('SVC0002', 'Invalid input value for senderAddress') };
    }
    if (message.senderAddress !== account.senderAddress) {
      return { status: 403, body: policyError('POL0001', 'Policy error: sender not allowed for this contract') };
    }
    received.push({ path: request.path, body: parsed.data });
    const resourceURL = `${request.path.replace(encodedSender, message.senderAddress)}/${randomUUID()}`;
    return { status: 201, body: { outboundSMSMessageRequest: { ...message, resourceURL } } };
  };

  const server = await serve(
    received,
    (request) => {
      const send = SEND_PATH.exec(request.path);
      if (request.method === 'POST' && request.path === '/oauth/v3/token') return issueToken(request);
      if (request.method === 'POST' && send) return sendSms(request, send[1]!);
      return { status: 404, body: { code: 60, message: 'Resource not found' } };
    },
    (status) => ({ code: status === 401 ? 42 : 1, message: status === 401 ? 'Expired credentials' : `Error ${status}` }),
  );
  return {
    ...server,
    get tokensIssued() {
      return tokensIssued;
    },
    expireTokens() {
      for (const token of validTokens) expiredTokens.add(token);
      validTokens.clear();
    },
  };
}

// ---- Twilio: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, Basic AccountSid:AuthToken,
// form To (E.164), From, Body → 201 with the Message resource; errors {code, message, more_info, status}.

export type TwilioMessage = { accountSid: string; To: string; From: string; Body: string };

export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** The senders the account owns. */
  numbers: string[];
}

export function startFakeTwilio(account: TwilioAccount): Promise<FakeSmsServer<TwilioMessage>> {
  const received: TwilioMessage[] = [];
  const error = (status: number, code: number, message: string) => ({
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  });
  return serve(
    received,
    (request) => {
      const path = `/2010-04-01/Accounts/${account.accountSid}/Messages.json`;
      if (request.method !== 'POST' || request.path !== path) return error(404, 20404, 'The requested resource was not found');
      if (!hasBasicAuth(request.headers, account.accountSid, account.authToken)) return error(401, 20003, 'Authenticate');
      const form = formBody(request);
      const [to, from, body] = [form?.get('To'), form?.get('From'), form?.get('Body')];
      if (!body) return error(400, 21602, 'Message body is required.');
      if (body.length > 1600) return error(400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
      if (!to || !/^\+\d{8,15}$/.test(to)) return error(400, 21211, "Invalid 'To' Phone Number");
      if (!from || !account.numbers.includes(from)) {
        return error(400, 21606, "The 'From' phone number provided is not a valid message-capable Twilio phone number");
      }
      received.push({ accountSid: account.accountSid, To: to, From: from, Body: body });
      const sid = `SM${randomUUID().replaceAll('-', '')}`;
      return {
        status: 201,
        body: { sid, account_sid: account.accountSid, to, from, body, status: 'queued', direction: 'outbound-api' },
      };
    },
    (status) => error(status, status === 429 ? 20429 : 20500, `Error ${status}`).body,
  );
}
