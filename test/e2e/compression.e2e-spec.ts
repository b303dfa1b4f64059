import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, sep } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { io } from 'socket.io-client';
import { newPhone, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor } from '../support/wait.js';

// Issue 35: what the browser downloads comes compressed when it says it accepts it, and decodes to the very bytes of
// the file or answer; plain when it does not say so. The built web app (apps/web/dist, built by `npm test` first) is
// served by a real API process, as in the browser suites.

const DIST = 'apps/web/dist';
const BOTH = 'br, gzip';

let app: TestApp;
beforeAll(async () => {
  if (!existsSync(join(DIST, 'index.html'))) throw new Error('No web build: run `npm run build -w @coursa/web` first.');
  app = await startTestApp({ WEB_DIST: DIST }, { apiProcess: true });
});
afterAll(async () => {
  await app?.close();
}, 90_000);

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came on the wire, not decoded. */
  body: Buffer;
}

/** A GET whose body is kept as sent (fetch would decode it). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = request(`${app.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end();
  });
}

function decoded(answer: RawAnswer): Buffer {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.body);
  if (encoding === 'gzip') return gunzipSync(answer.body);
  expect(encoding ?? 'identity').toBe('identity');
  return answer.body;
}

const varies = (answer: RawAnswer) => String(answer.headers.vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding');

/** Every file of the build (without the .br and .gz copies), as URL paths. */
function builtFiles(): string[] {
  return readdirSync(DIST, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(br|gz)$/.test(entry.name))
    .map((entry) => `/${relative(DIST, join(entry.parentPath, entry.name)).split(sep).join('/')}`)
    .sort();
}

/** Text files are worth compressing; images (PNG) are compressed already. */
const isText = (path: string) => /\.(js|css|html|svg|webmanifest|json)$/.test(path);

describe('the built web app', () => {
  it('has every file its pages, manifest and service worker reference', () => {
    const files = new Set(builtFiles());
    const referenced = new Set<string>();
    for (const page of ['/index.html', '/suivi.html']) {
      for (const [, url] of readFileSync(join(DIST, page), 'utf8').matchAll(/(?:src|href)="(\/[^"]+)"/g)) referenced.add(url!);
    }
    const manifest = JSON.parse(readFileSync(join(DIST, 'manifest.webmanifest'), 'utf8')) as { icons: { src: string }[] };
    for (const icon of manifest.icons) referenced.add(icon.src);
    // The service worker's precache list.
    for (const [, url] of readFileSync(join(DIST, 'sw.js'), 'utf8').matchAll(/"url":"([^"]+)"/g)) referenced.add(`/${url!.replace(/^\//, '')}`);
    expect(referenced.size).toBeGreaterThan(20);
    expect([...referenced].filter((url) => !files.has(url))).toEqual([]);
    // And each text file has its two compressed copies beside it.
    const text = [...files].filter(isText);
    expect(text).toEqual(expect.arrayContaining(['/index.html', '/suivi.html', '/sw.js', '/manifest.webmanifest', '/favicon.svg']));
    expect(text.filter((path) => !existsSync(join(DIST, `${path}.br`)) || !existsSync(join(DIST, `${path}.gz`)))).toEqual([]);
  });

  it('sends each text file in Brotli, or gzip, when the browser accepts it, byte-identical once decoded; plain otherwise', async () => {
    const files = builtFiles();
    expect(files.length).toBeGreaterThan(50);
    for (const path of files) {
      const original = readFileSync(join(DIST, path));
      const brotli = await rawGet(path, { 'accept-encoding': BOTH });
      const gzip = await rawGet(path, { 'accept-encoding': 'gzip' });
      const plain = await rawGet(path);
      for (const answer of [brotli, gzip, plain]) {
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        expect(decoded(answer).equals(original)).toBe(true);
        expect({ path, vary: varies(answer) }).toEqual({ path, vary: true });
      }
      expect({ path, encoding: plain.headers['content-encoding'] }).toEqual({ path, encoding: undefined });
      if (isText(path)) {
        expect({ path, br: brotli.headers['content-encoding'], gzip: gzip.headers['content-encoding'] }).toEqual({ path, br: 'br', gzip: 'gzip' });
        // Compressed, not merely labelled so; the content type is the file's, not Brotli's.
        if (original.length > 1024) expect(brotli.body.length).toBeLessThan(original.length * 0.6);
        expect(brotli.headers['content-type']).toBe(plain.headers['content-type']);
      } else {
        expect({ path, encoding: brotli.headers['content-encoding'] }).toEqual({ path, encoding: undefined });
      }
      // Hashed assets keep their year-long cache; index.html, sw.js, the manifest and the icons are checked each time.
      const cache = path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
      for (const answer of [brotli, plain]) expect({ path, cache: answer.headers['cache-control'] }).toEqual({ path, cache });
    }
  });

  it('sends the app page for a browser route, and the tracking page for a tracking link, compressed', async () => {
    const app = readFileSync(join(DIST, 'index.html'));
    const suivi = readFileSync(join(DIST, 'suivi.html'));
    for (const [path, original] of [
      ['/auth', app],
      ['/', app],
      ['/suivi/abcdefghijklmnop', suivi],
    ] as const) {
      const answer = await rawGet(path, { 'accept-encoding': BOTH });
      expect({ path, status: answer.status, encoding: answer.headers['content-encoding'], cache: answer.headers['cache-control'] }).toEqual({ path, status: 200, encoding: 'br', cache: 'no-cache' });
      expect(decoded(answer).equals(original)).toBe(true);
    }
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const answer = await rawGet('/sw.js.br', { 'accept-encoding': BOTH });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(decoded(answer).equals(readFileSync(join(DIST, 'index.html')))).toBe(true);
  });
});

const PLACES = ['Marché Madina', 'Kaloum', 'Ratoma', 'Matam', 'Dixinn', 'Kipé', 'Lambanyi', 'Taouyah', 'Hamdallaye', 'Bambeto', 'Cosa', 'Nongo'];

describe('API answers', () => {
  it('compresses a page of courses in Brotli or gzip when asked, byte-identical to the plain answer', async () => {
    const client = await signedIn(app, 'client');
    // Thirty courses of a client, as varied as real ones (places, prices, distances, some cancelled).
    for (let index = 0; index < 30; index++) {
      await insertCourse(app, {
        clientId: client.user.id,
        pickupAddress: `${PLACES[index % PLACES.length]}, rue ${index + 3}`,
        pickupLatitude: 9.5 + index / 1000,
        pickupLongitude: -13.7 + index / 700,
        deliveryAddress: `${PLACES[(index * 7 + 3) % PLACES.length]}, près de la pharmacie ${index}`,
        deliveryLatitude: 9.55 - index / 900,
        deliveryLongitude: -13.65 - index / 1100,
        distanceKm: 2 + (index * 37) % 15,
        estimatedPrice: 8_000 + ((index * 1_500) % 20_000),
        status: index % 4 === 0 ? 'cancelled' : 'pending',
      });
    }
    const headers = { authorization: `Bearer ${client.token}` };
    const plain = await rawGet('/api/courses?limit=50', headers);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toHaveLength(30);
    expect(plain.headers['x-total-count']).toBe('30');
    expect(plain.body.length).toBeGreaterThan(10_000);

    const brotli = await rawGet('/api/courses?limit=50', { ...headers, 'accept-encoding': BOTH });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(varies(brotli)).toBe(true);
    expect(brotli.headers['content-type']).toBe(plain.headers['content-type']);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 5);
    expect(decoded(brotli).equals(plain.body)).toBe(true);

    const gzip = await rawGet('/api/courses?limit=50', { ...headers, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(decoded(gzip).equals(plain.body)).toBe(true);
  });

  it('leaves small answers plain: below a kilobyte, compressing saves less than it costs', async () => {
    const client = await signedIn(app, 'client');
    const answer = await rawGet('/api/auth/me', { authorization: `Bearer ${client.token}`, 'accept-encoding': BOTH });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(1024);
    expect(answer.headers['content-encoding']).toBeUndefined();
  });

  it('reads request bodies as sent: a compressed one is not inflated past the body limit', async () => {
    const client = await signedIn(app, 'client');
    const body = gzipSync(JSON.stringify({ phone: client.phone, password: client.password }));
    const answer = await fetch(`${app.baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { access_token?: string }).access_token).toBeUndefined();
  });

  it('leaves Socket.IO alone: no per-message deflate on its WebSocket, no Brotli on its polling', async () => {
    const client = await signedIn(app, 'client');
    const socket = io(app.baseUrl, { path: '/socket.io', auth: { token: client.token }, transports: ['websocket'], reconnection: false, perMessageDeflate: { threshold: 0 } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      // The client offered permessage-deflate; the server did not take it.
      const ws = (socket.io.engine.transport as unknown as { ws: { extensions: string } }).ws;
      expect(ws.extensions).toBe('');
    } finally {
      socket.close();
    }
    const polling = await rawGet('/socket.io/?EIO=4&transport=polling', { 'accept-encoding': BOTH });
    expect(polling.status).toBe(200);
    expect(polling.headers['content-encoding']).toBeUndefined();
  });

  it('sends a PDF receipt as it is stored, never compressed a second time', async () => {
    const client = await signedIn(app, 'client');
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
    const recipient = newPhone();
    const created = await app.request(
      'POST',
      '/api/courses',
      { pickup_location: { address: 'Madina', latitude: 9.5456, longitude: -13.6566 }, delivery_location: { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 }, recipient_phone: recipient, payment_method: 'cash_on_delivery' },
      { token: client.token },
    );
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
    for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
      expect((await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token: courier.token })).status).toBe(200);
    }
    const otp = codeIn((await app.outbox.waitForCount((line) => line.to === recipient && line.kind === 'delivery_otp', 1)).at(-1)!.text);
    expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token: courier.token })).status).toBe(200);

    const headers = { authorization: `Bearer ${client.token}`, 'accept-encoding': BOTH };
    const receipt = await waitFor('the receipt', () => rawGet(`/api/courses/${id}/receipt`, headers), (answer) => answer.status === 200, 10_000, 100);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-encoding']).toBeUndefined();
    expect(receipt.body.length).toBeGreaterThan(1024);
    expect(receipt.body.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
