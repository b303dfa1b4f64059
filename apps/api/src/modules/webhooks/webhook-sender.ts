import http from 'node:http';
import https from 'node:https';
import type { AppConfig } from '../../common/config/config.js';
import { isAcceptedEndpoint, publicOnlyLookup, type Resolve } from '../../common/http/endpoint-guard.js';

/** What one try of a webhook gave: the delivery log's line. `statusCode` null: no answer (refused, timed out…). */
export interface WebhookAnswer {
  statusCode: number | null;
  latencyMs: number;
  /** The answer's first characters (RESPONSE_EXCERPT_CHARS at most), null when it had none. */
  responseExcerpt: string | null;
  /** Why the try failed, in French (the merchant reads it in the log); null when it succeeded. */
  error: string | null;
}

export const succeeded = (answer: WebhookAnswer) => answer.error === null;

/** Posts one signed webhook to a merchant's server. Never throws: every outcome is an answer to log. */
export interface WebhookSender {
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer>;
}

export const WEBHOOK_SENDER = Symbol('WEBHOOK_SENDER');

/** At most this much of an answer is read: the receiver's status says it all, the start of its body helps debugging. */
const MAX_ANSWER_BYTES = 4096;
const RESPONSE_EXCERPT_CHARS = 500;
const WEBHOOK_SCHEMES = ['https:', 'http:'];

/** A webhook goes to a public host, over https or http, unless its origin is allowed by configuration (tests, development). */
export const isAcceptedWebhookUrl = (url: string, allowedOrigins: readonly string[]) => isAcceptedEndpoint(url, allowedOrigins, { schemes: WEBHOOK_SCHEMES });

export const SENDER_MESSAGES = {
  addressRefused: 'Adresse refusée : le serveur du webhook doit être public (ni localhost, ni une adresse privée ou interne).',
  timedOut: (ms: number) => `Pas de réponse en ${ms / 1000} s : délai dépassé.`,
  redirect: (status: number) => `Redirection (${status}) non suivie : l’adresse du webhook doit répondre elle-même, par un code 2xx.`,
  notSuccess: (status: number) => `Réponse ${status} : un code 2xx est attendu.`,
  connectionRefused: 'Connexion refusée par le serveur.',
  unknownHost: 'Serveur introuvable (nom inconnu du DNS).',
  failed: (reason: string) => `Échec de l’envoi : ${reason}.`,
};

class AddressRefused extends Error {}
class TimedOut extends Error {}

/**
 * The real sender, over node:http(s). It goes only where the endpoint guard lets it: the URL's host is checked again
 * (the configuration may have changed since the endpoint was saved) and, for a name, the address the connection uses
 * (the `lookup` hook: a public name that resolves to our own network is refused, DNS rebinding). No redirect is
 * followed (a 3xx is a failure), the whole exchange has WEBHOOK_TIMEOUT_MS, and at most MAX_ANSWER_BYTES of the answer
 * are read. A new connection each time (no keep-alive agent): every connection goes through the lookup.
 */
export class HttpWebhookSender implements WebhookSender {
  private readonly lookup;

  constructor(
    private readonly config: Pick<AppConfig, 'WEBHOOK_ALLOWED_ORIGINS' | 'WEBHOOK_TIMEOUT_MS'>,
    resolve?: Resolve,
  ) {
    this.lookup = publicOnlyLookup(() => new AddressRefused(), resolve);
  }

  async post(url: string, headers: Record<string, string>, body: string): Promise<WebhookAnswer> {
    const started = performance.now();
    const answer = (statusCode: number | null, excerpt: string | null, error: string | null): WebhookAnswer => ({
      statusCode,
      latencyMs: Math.round(performance.now() - started),
      responseExcerpt: excerpt,
      error,
    });
    if (!isAcceptedWebhookUrl(url, this.config.WEBHOOK_ALLOWED_ORIGINS)) return answer(null, null, SENDER_MESSAGES.addressRefused);
    const target = new URL(url);
    const trusted = this.config.WEBHOOK_ALLOWED_ORIGINS.includes(target.origin);
    const payload = Buffer.from(body, 'utf8');
    try {
      const { status, text } = await this.exchange(target, trusted, { ...headers, 'content-type': 'application/json', 'user-agent': 'Coursa-Webhooks/1', 'content-length': String(payload.length) }, payload);
      const excerpt = text ? text.slice(0, RESPONSE_EXCERPT_CHARS) : null;
      if (status >= 200 && status < 300) return answer(status, excerpt, null);
      return answer(status, excerpt, status >= 300 && status < 400 ? SENDER_MESSAGES.redirect(status) : SENDER_MESSAGES.notSuccess(status));
    } catch (error) {
      return answer(null, null, describe(error as NodeJS.ErrnoException, this.config.WEBHOOK_TIMEOUT_MS));
    }
  }

  private exchange(url: URL, trusted: boolean, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const request = client.request(url, { method: 'POST', headers, agent: false, lookup: trusted ? undefined : this.lookup }, (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).subarray(0, MAX_ANSWER_BYTES).toString('utf8') });
        };
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          // Enough read: the rest is not waited for, nor downloaded.
          if (size >= MAX_ANSWER_BYTES) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      const timer = setTimeout(() => request.destroy(new TimedOut()), this.config.WEBHOOK_TIMEOUT_MS);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.end(body);
    });
  }
}

function describe(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error instanceof TimedOut) return SENDER_MESSAGES.timedOut(timeoutMs);
  if (error instanceof AddressRefused) return SENDER_MESSAGES.addressRefused;
  if (error.code === 'ECONNREFUSED') return SENDER_MESSAGES.connectionRefused;
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return SENDER_MESSAGES.unknownHost;
  return SENDER_MESSAGES.failed(error.code ?? error.message);
}
