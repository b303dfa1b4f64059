import { basicAuthorization } from '../../../common/http/basic-authorization.js';
import { sendFailure, type MessageDriver, type OutgoingMessage } from './message-driver.js';

export interface TwilioSettings {
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** A Twilio number of the account (E.164) or an approved alphanumeric sender id. */
  from: string;
}

/** Twilio: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, a form, HTTP Basic sid:auth token. */
export class TwilioDriver implements MessageDriver {
  private readonly url: string;
  private readonly authorization: string;

  constructor(private readonly settings: TwilioSettings) {
    const base = settings.baseUrl.replace(/\/+$/, '');
    this.url = `${base}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
    this.authorization = basicAuthorization(settings.accountSid, settings.authToken);
  }

  async send({ to, text }: OutgoingMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: this.authorization, accept: 'application/json' },
      body: new URLSearchParams({ To: to, From: this.settings.from, Body: text }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error(`Twilio unreachable while sending to ${to}`, { cause: error });
    });
    // Twilio's error code (21211 invalid number, 20003 bad credentials…) tells an operator what to fix;
    // its message text may quote the request, so it stays out.
    const answer = (await response.json().catch(() => ({}))) as { code?: number };
    if (response.ok) return;
    const failure = `Twilio answered HTTP ${response.status} (code ${answer.code ?? 'none'}) for ${to}`;
    throw sendFailure(response.status, failure);
  }
}
