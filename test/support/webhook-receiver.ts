import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

/** A webhook the receiver got, as its server saw it. */
export interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The body parsed (Coursa's webhooks are JSON). */
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The secrets trusted for its path that verified it, with the Standard Webhooks library (signature and timestamp). */
  verifiedWith: string[];
  /** When it came in, and when the receiver answered it (performance.now()); not answered: undefined. */
  receivedAt: number;
  answeredAt?: number;
}

/** What the receiver answers: a status (and a body), maybe after a while, or nothing at all, ever. */
export type ReceiverAnswer = { status: number; body?: string; headers?: Record<string, string>; afterMs?: number } | 'silent';

export interface WebhookReceiver {
  origin: string;
  url(path: string): string;
  /** The secrets a merchant's server would verify the webhooks of `path` with (a rotation: the old and the new). */
  trust(path: string, ...secrets: string[]): void;
  /** What the receiver answers at `path`, in turn; the last answer repeats (204 by default). */
  answer(path: string, ...answers: ReceiverAnswer[]): void;
  received(path: string): ReceivedWebhook[];
  close(): Promise<void>;
}

/**
 * A merchant's server, on 127.0.0.1 (the test app allows its origin: WEBHOOK_ALLOWED_ORIGINS): it takes POSTs on any
 * path, checks each with `new Webhook(secret).verify(body, headers)` for every secret trusted for that path, keeps it,
 * and answers as told.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const secrets = new Map<string, string[]>();
  const answers = new Map<string, ReceiverAnswer[]>();
  const received: ReceivedWebhook[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      const verifiedWith = (secrets.get(path) ?? []).filter((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const webhook: ReceivedWebhook = { path, headers, body, payload: JSON.parse(body), verifiedWith, receivedAt: performance.now() };
      received.push(webhook);
      const queue = answers.get(path) ?? [];
      const next = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 204 };
      if (next === 'silent') return;
      setTimeout(() => {
        webhook.answeredAt = performance.now();
        response.writeHead(next.status, { 'content-type': 'text/plain', ...next.headers }).end(next.body ?? '');
      }, next.afterMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    url: (path) => `${origin}${path}`,
    trust: (path, ...trusted) => secrets.set(path, trusted),
    answer: (path, ...list) => answers.set(path, list),
    received: (path) => received.filter((webhook) => webhook.path === path),
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
