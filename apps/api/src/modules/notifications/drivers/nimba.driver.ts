import { basicAuthorization } from '../../../common/http/basic-authorization.js';
import { sendFailure, type MessageDriver, type OutgoingMessage } from './message-driver.js';

export interface NimbaSettings {
  baseUrl: string;
  serviceId: string;
  secret: string;
  /** Must be approved by Nimba for the account. */
  senderName: string;
}

/** Nimba SMS (Guinea): `POST {base}/v1/messages` with HTTP Basic service id:secret. */
export class NimbaDriver implements MessageDriver {
  private readonly url: string;
  private readonly authorization: string;

  constructor(private readonly settings: NimbaSettings) {
    this.url = `${settings.baseUrl.replace(/\/+$/, '')}/v1/messages`;
    this.authorization = basicAuthorization(settings.serviceId, settings.secret);
  }

  async send({ to, text }: OutgoingMessage): Promise<void> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: { authorization: this.authorization, 'content-type': 'application/json', accept: 'application/json' },
      // Nimba's own clients send international numbers without the "+" (224…).
      body: JSON.stringify({ sender_name: this.settings.senderName, to: [to.replace(/^\+/, '')], message: text }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error(`Nimba SMS unreachable while sending to ${to}`, { cause: error });
    });
    // Nimba's error bodies are free text; only the status goes into the error message.
    await response.body?.cancel();
    if (response.ok) return;
    const failure = `Nimba SMS answered HTTP ${response.status} for ${to}`;
    throw sendFailure(response.status, failure);
  }
}
