import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { Resolve } from '../../common/http/endpoint-guard.js';
import { signatureHeaders, webhookIdOf, webhookSecretFrom } from './webhook-signature.js';
import { HttpWebhookSender, SENDER_MESSAGES } from './webhook-sender.js';

// The sender against a server on 127.0.0.1, let in by its origin as WEBHOOK_ALLOWED_ORIGINS does in tests: what it
// sends (headers a Standard Webhooks receiver verifies), and how it gives up (redirects, silence, long answers, a
// name resolving to our own network).

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
let server: Server;
let origin: string;
/** What the server does with each request, by path. */
const routes: Record<string, (response: ServerResponse) => void> = {
  '/ok': (response) => response.writeHead(204).end(),
  '/created': (response) => response.writeHead(201, { 'content-type': 'text/plain' }).end('bien reçu'),
  '/error': (response) => response.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(2000)),
  '/redirect': (response) => response.writeHead(302, { location: '/ok' }).end(),
  '/silent': () => undefined,
  '/huge': (response) => {
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.write('y'.repeat(64 * 1024));
    // Never ends: the sender stops reading after its few KB.
  },
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      routes[request.url!]!(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const sender = (resolve?: Resolve) => new HttpWebhookSender({ WEBHOOK_ALLOWED_ORIGINS: [origin], WEBHOOK_TIMEOUT_MS: 300 }, resolve);
const SECRET = webhookSecretFrom('q3UYzvXlbRh1LHlfF4iPaxyB3xmFhW-LbNGxXhCMxtA');
const BODY = JSON.stringify({ type: 'delivery.created', timestamp: '2026-11-25T10:00:00.000Z', data: { id: 'd1', total: 26_000 } });

describe('HttpWebhookSender', () => {
  it('posts the body as JSON with headers a Standard Webhooks receiver verifies', async () => {
    const now = new Date();
    const headers = signatureHeaders(webhookIdOf('d1'), now, BODY, [SECRET]);
    const answer = await sender().post(`${origin}/created`, headers, BODY);
    expect(answer).toEqual({ statusCode: 201, latencyMs: expect.any(Number), responseExcerpt: 'bien reçu', error: null });
    const got = received.at(-1)!;
    expect(got.body).toBe(BODY);
    expect(got.headers).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Coursa-Webhooks/1', 'webhook-id': 'msg_d1', 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)) });
    expect(new Webhook(SECRET).verify(got.body, got.headers as Record<string, string>)).toEqual(JSON.parse(BODY));
  });

  it('counts any answer but 2xx as a failure, keeping its status and the first 500 characters', async () => {
    expect(await sender().post(`${origin}/error`, {}, BODY)).toEqual({ statusCode: 500, latencyMs: expect.any(Number), responseExcerpt: 'x'.repeat(500), error: SENDER_MESSAGES.notSuccess(500) });
  });

  it('follows no redirect: a 3xx is a failure, and the place it points to is not called', async () => {
    const before = received.length;
    expect(await sender().post(`${origin}/redirect`, {}, BODY)).toMatchObject({ statusCode: 302, error: SENDER_MESSAGES.redirect(302) });
    expect(received.slice(before).map((request) => request.path)).toEqual(['/redirect']);
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const answer = await sender().post(`${origin}/silent`, {}, BODY);
    expect(answer).toMatchObject({ statusCode: null, responseExcerpt: null, error: SENDER_MESSAGES.timedOut(300) });
    expect(answer.latencyMs).toBeGreaterThanOrEqual(290);
  });

  it('reads a few KB of an answer at most, and does not wait for the rest', async () => {
    const answer = await sender().post(`${origin}/huge`, {}, BODY);
    expect(answer).toMatchObject({ statusCode: 200, error: null, responseExcerpt: 'y'.repeat(500) });
    expect(answer.latencyMs).toBeLessThan(300);
  });

  it('refuses our own network, by address or by a name that resolves to it (DNS rebinding), without connecting', async () => {
    const port = new URL(origin).port;
    const before = received.length;
    const toLoopback: Resolve = (_hostname, _options, callback) => callback(null, [{ address: '127.0.0.1', family: 4 }]);
    for (const url of [`http://127.0.0.1:${Number(port) + 1}/ok`, `http://localhost:${port}/ok`, `http://10.0.0.7/ok`]) {
      expect(await sender().post(url, {}, BODY)).toMatchObject({ statusCode: null, error: SENDER_MESSAGES.addressRefused });
    }
    expect(await sender(toLoopback).post(`http://shop.example.gn:${port}/ok`, {}, BODY)).toMatchObject({ statusCode: null, error: SENDER_MESSAGES.addressRefused });
    expect(received.length).toBe(before);
  });

  it('says in French when nobody listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const answer = await new HttpWebhookSender({ WEBHOOK_ALLOWED_ORIGINS: [url], WEBHOOK_TIMEOUT_MS: 1000 }).post(`${url}/ok`, {}, BODY);
    expect(answer).toMatchObject({ statusCode: null, error: SENDER_MESSAGES.connectionRefused });
  });
});

describe('signatureHeaders', () => {
  it('signs with every secret given: during a rotation a receiver verifies with either', () => {
    const previous = webhookSecretFrom('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8');
    const now = new Date();
    const headers = signatureHeaders('msg_d2', now, BODY, [SECRET, previous]);
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [SECRET, previous]) expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
    const other = webhookSecretFrom('HyAeHRwbGhkYFxYVFBMSERAPDg0MCwoJCAcGBQQDAgE');
    expect(() => new Webhook(other).verify(BODY, headers)).toThrow('No matching signature found');
  });

  it('makes secrets in the Standard Webhooks format: whsec_ and the base64 of 32 bytes', () => {
    const secret = webhookSecretFrom('q3UYzvXlbRh1LHlfF4iPaxyB3xmFhW-LbNGxXhCMxtA');
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice('whsec_'.length), 'base64')).toHaveLength(32);
  });
});
