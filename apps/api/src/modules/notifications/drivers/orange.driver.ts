import { basicAuthorization } from '../../../common/http/basic-authorization.js';
import { OAuthTokenCache, type IssuedToken } from '../../../common/http/oauth-token-cache.js';
import { sendFailure, type MessageDriver, type OutgoingMessage } from './message-driver.js';

export interface OrangeSmsSettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The account's sender, "tel:+224…", used in the URL and the body. */
  senderAddress: string;
}

/** Orange's error bodies: the SMS API's, the gateway's (`code` 42 = expired token) and OAuth's. */
interface OrangeError {
  requestError?: { serviceException?: { messageId?: string }; policyException?: { messageId?: string } };
  code?: number;
  error?: string;
}

/**
 * Orange SMS API: an OAuth2 client-credentials token from `POST {base}/oauth/v3/token`, then
 * `POST {base}/smsmessaging/v1/outbound/{sender}/requests` with a Bearer token.
 */
export class OrangeSmsDriver implements MessageDriver {
  private readonly tokenUrl: string;
  private readonly sendUrl: string;
  private readonly tokens = new OAuthTokenCache(() => this.requestToken());

  constructor(private readonly settings: OrangeSmsSettings) {
    const base = settings.baseUrl.replace(/\/+$/, '');
    this.tokenUrl = `${base}/oauth/v3/token`;
    this.sendUrl = `${base}/smsmessaging/v1/outbound/${encodeURIComponent(settings.senderAddress)}/requests`;
  }

  async send({ to, text }: OutgoingMessage): Promise<void> {
    const response = await this.tokens.send((accessToken) => this.post(to, text, accessToken));
    await throwIfFailed(response, `for ${to}`);
  }

  private post(to: string, text: string, accessToken: string): Promise<Response> {
    const request = {
      outboundSMSMessageRequest: {
        address: `tel:${to}`,
        senderAddress: this.settings.senderAddress,
        outboundSMSTextMessage: { message: text },
      },
    };
    return fetch(this.sendUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error(`Orange SMS unreachable while sending to ${to}`, { cause: error });
    });
  }

  private async requestToken(): Promise<IssuedToken> {
    const response = await fetch(this.tokenUrl, {
      method: 'POST',
      headers: { authorization: basicAuthorization(this.settings.clientId, this.settings.clientSecret), accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
      signal: AbortSignal.timeout(10_000),
    }).catch((error: unknown) => {
      throw new Error('Orange SMS token endpoint unreachable', { cause: error });
    });
    if (!response.ok) await throwIfFailed(response, 'to the token request');
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; expires_in?: string | number };
    if (!answer.access_token) throw new Error('Orange SMS token answer without access_token');
    // expires_in comes as a string in Orange's examples ("3600").
    return { access_token: answer.access_token, expires_in: Number(answer.expires_in) };
  }
}

/** Throws for a failed answer: retryable unless retrying cannot help. Only Orange's error code is kept. */
async function throwIfFailed(response: Response, context: string): Promise<void> {
  const answer = (await response.json().catch(() => ({}))) as OrangeError;
  if (response.ok) return;
  const exception = answer.requestError?.serviceException ?? answer.requestError?.policyException;
  const code = exception?.messageId ?? answer.code ?? answer.error ?? 'none';
  const failure = `Orange SMS answered HTTP ${response.status} (code ${code}) ${context}`;
  throw sendFailure(response.status, failure);
}
