import { Clock } from '../security/secrets.js';

/** An OAuth2 client-credentials token answer, read: the token and its lifetime in seconds. */
export interface IssuedToken {
  access_token: string;
  expires_in: number;
}

/** A token is renewed this long before its announced expiry, so no request carries one about to lapse. */
const RENEWAL_MARGIN_MS = 60_000;

/**
 * Keeps a provider's OAuth2 client-credentials token until shortly before it expires. Callers waiting for a new one
 * share the same request, and a request answered 401 is sent once more with a new token (providers may end a token
 * early).
 */
export class OAuthTokenCache {
  private token?: { value: string; renewAt: number };
  private tokenRequest?: Promise<string>;

  constructor(
    private readonly requestToken: () => Promise<IssuedToken>,
    private readonly clock: Pick<Clock, 'now'> = new Clock(),
  ) {}

  async send(request: (accessToken: string) => Promise<Response>): Promise<Response> {
    const accessToken = await this.accessToken();
    const response = await request(accessToken);
    if (response.status !== 401) return response;
    await response.body?.cancel();
    // Another caller may already have replaced this token: only a token still in use is dropped.
    if (this.token?.value === accessToken) this.token = undefined;
    return request(await this.accessToken());
  }

  private accessToken(): Promise<string> {
    if (this.token && this.clock.now().getTime() < this.token.renewAt) return Promise.resolve(this.token.value);
    this.tokenRequest ??= this.requestToken()
      .then(({ access_token, expires_in }) => {
        this.token = { value: access_token, renewAt: this.clock.now().getTime() + expires_in * 1000 - RENEWAL_MARGIN_MS };
        return access_token;
      })
      .finally(() => {
        this.tokenRequest = undefined;
      });
    return this.tokenRequest;
  }
}
