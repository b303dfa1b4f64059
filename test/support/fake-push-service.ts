import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, randomUUID, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A push the fake push service accepted, decrypted with its subscription's keys. */
export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload, parsed (Coursa's pushes are JSON). */
  message: { kind: string; title: string; body: string; url: string; tag: string };
  ttl: number;
  /** The VAPID JWT's claims, its signature checked against the key `k` it came with. */
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
}

/** A browser's subscription to the fake push service: what PushSubscription.toJSON() gives a page. */
export interface FakeSubscription {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface FakePushService {
  origin: string;
  received: ReceivedPush[];
  /** Requests refused because they did not decrypt or carried no valid VAPID signature. */
  rejected: string[];
  /** A new browser subscription, with its own P-256 key pair and auth secret. */
  subscribe(): FakeSubscription;
  /** What the service answers for a subscription from now on (201 by default; 410: it was unsubscribed). */
  answer(subscriptionId: string, status: number): void;
  close(): Promise<void>;
}

interface Keys {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A push service as RFC 8030 describes it (POST to the subscription's endpoint, `TTL` header, 201 Created), that checks
 * the VAPID signature (RFC 8292) and decrypts each payload with the subscription's private key and auth secret
 * (RFC 8291, `Content-Encoding: aes128gcm`, RFC 8188), with node:crypto only: an independent judge of what web-push
 * sends. Plain http on 127.0.0.1: the test app trusts its origin (PUSH_TRUSTED_ORIGINS).
 */
export async function startFakePushService(): Promise<FakePushService> {
  const keys = new Map<string, Keys>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const rejected: string[] = [];

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = keys.get(id);
      if (request.method !== 'POST' || !subscription) return void response.writeHead(404).end();
      const status = answers.get(id) ?? 201;
      if (status !== 201) return void response.writeHead(status).end();
      try {
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        const vapid = checkVapid(String(request.headers.authorization ?? ''), origin);
        const message = JSON.parse(decrypt(Buffer.concat(chunks), subscription).toString('utf8')) as ReceivedPush['message'];
        received.push({ subscription: id, message, ttl, vapid });
        response.writeHead(201, { Location: `${origin}/message/${randomUUID()}` }).end();
      } catch (error) {
        rejected.push(`${id}: ${(error as Error).message}`);
        response.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    received,
    rejected,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return { id, endpoint: `${origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(auth) } };
    },
    answer(subscriptionId, status) {
      answers.set(subscriptionId, status);
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** RFC 8291 §3.4 and RFC 8188: one record, its header carrying the salt, the record size and the sender's public key. */
function decrypt(body: Buffer, { ecdh, auth }: Keys): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const receiverPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiverPublic, senderPublic]);
  const ikm = hmac(hmac(auth, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 2, then zero or more padding zeros.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** `vapid t=<JWT>, k=<public key>`: an ES256 JWT for this push service's origin, signed by that key, not expired. */
function checkVapid(authorization: string, audience: string): ReceivedPush['vapid'] {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
  if (!match) throw new Error('no VAPID authorization');
  const [header, claims, signature] = match[1]!.split('.') as [string, string, string];
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${header}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'))) throw new Error('bad VAPID signature');
  const parsed = JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; sub: string; exp: number };
  if (parsed.aud !== audience) throw new Error(`VAPID audience ${parsed.aud}`);
  if (parsed.exp * 1000 < Date.now()) throw new Error('VAPID token expired');
  return { ...parsed, publicKey: match[2]! };
}
