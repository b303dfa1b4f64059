import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { newPhone, signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fileOf, JPEG, PNG, uploadPhoto } from '../support/uploads.js';

let app: TestApp;
const storageDir = `var/test/storage-${randomBytes(4).toString('hex')}`;
const PICKUP = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

type Account = Awaited<ReturnType<typeof signedIn>>;
let client: Account, otherClient: Account, courier: Account, otherCourier: Account, support: Account;

const order = (token: string, changes: Record<string, unknown> = {}) =>
  app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery', ...changes }, { token });
const photoStatus = (url: string, token: string) => app.request('GET', url, undefined, { token }).then((answer) => answer.status);

beforeAll(async () => {
  app = await startTestApp({ STORAGE_DIR: storageDir });
  [client, otherClient, courier, otherCourier, support] = await Promise.all([
    signedIn(app, 'client'),
    signedIn(app, 'client'),
    signedIn(app, 'independent_delivery'),
    signedIn(app, 'salaried_delivery'),
    signedIn(app, 'support'),
  ]);
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
});
afterAll(async () => {
  await app?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

describe('the parcel photo of an order', () => {
  it("is uploaded by the client, ordered with the course, and seen by its client, its courier and staff only", async () => {
    const data = fileOf(PNG, 3000);
    const uploaded = await uploadPhoto(app, 'parcel-photo', client.token, { data, name: 'colis.jpg', type: 'image/jpeg' });
    expect(uploaded).toEqual({ status: 201, body: { photo_url: `/api/files/${uploaded.body.file_id}`, file_id: expect.any(String) } });
    expect(await app.db.storedFile.findUniqueOrThrow({ where: { id: uploaded.body.file_id } })).toMatchObject({ kind: 'parcel_photo', mimeType: 'image/png', uploadedById: client.user.id });
    const url = uploaded.body.photo_url as string;

    // Before the order: its client (and staff) only.
    expect(await photoStatus(url, client.token)).toBe(200);
    expect(await photoStatus(url, otherClient.token)).toBe(404);
    expect(await photoStatus(url, courier.token)).toBe(404);

    const created = await order(client.token, { photo_url: url, package_type: 'Fragile' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ photo_url: url, package_type: 'Fragile' });
    expect((await app.request('GET', `/api/courses/${created.body.id}`, undefined, { token: client.token })).body).toMatchObject({ photo_url: url, package_type: 'Fragile' });

    // Once a courier carries the course, they see it too; other couriers and clients still get 404.
    expect((await app.request('POST', `/api/delivery/accept-course/${created.body.id}`, undefined, { token: courier.token })).status).toBe(200);
    const response = await fetch(`${app.baseUrl}${url}`, { headers: { authorization: `Bearer ${courier.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(await photoStatus(url, support.token)).toBe(200);
    expect(await photoStatus(url, otherCourier.token)).toBe(404);
    expect(await photoStatus(url, otherClient.token)).toBe(404);
    expect((await app.request('GET', url)).status).toBe(401);
  });

  it("refuses a photo that is not the client's own unused upload, creating nothing", async () => {
    const theirs = await uploadPhoto(app, 'parcel-photo', otherClient.token, { data: fileOf(JPEG), name: 'a.jpg', type: 'image/jpeg' });
    const mine = await uploadPhoto(app, 'parcel-photo', client.token, { data: fileOf(JPEG), name: 'b.jpg', type: 'image/jpeg' });
    expect((await order(client.token, { photo_url: mine.body.photo_url })).status).toBe(201);
    const courses = await app.db.course.count();

    expect(await order(client.token, { photo_url: theirs.body.photo_url })).toMatchObject({ status: 400, body: { code: 'PARCEL_PHOTO_INVALID' } });
    expect(await order(client.token, { photo_url: 'https://exemple.gn/photo.jpg' })).toMatchObject({ status: 400, body: { code: 'PARCEL_PHOTO_INVALID' } });
    expect(await order(client.token, { photo_url: mine.body.photo_url })).toMatchObject({
      status: 400,
      body: { code: 'PARCEL_PHOTO_ALREADY_USED', detail: 'Cette photo accompagne déjà une autre course : ajoutez-en une nouvelle.' },
    });
    expect(await app.db.course.count()).toBe(courses);

    // Two orders at once with the same new photo: one course gets it, the other is told why it did not.
    const shared = await uploadPhoto(app, 'parcel-photo', client.token, { data: fileOf(JPEG), name: 'c.jpg', type: 'image/jpeg' });
    const answers = await Promise.all([order(client.token, { photo_url: shared.body.photo_url }), order(client.token, { photo_url: shared.body.photo_url })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(answers.find((answer) => answer.status === 400)!.body.code).toBe('PARCEL_PHOTO_ALREADY_USED');
    expect(await app.db.course.count()).toBe(courses + 1);
  });

  it('has the checks of every upload: the size, the type by its first bytes, the file field; clients only', async () => {
    expect(await uploadPhoto(app, 'parcel-photo', client.token, { data: fileOf(JPEG, 5_242_881), name: 'big.jpg', type: 'image/jpeg' })).toEqual({
      status: 413,
      body: { detail: 'Fichier trop volumineux. Maximum 5MB.', code: 'FILE_TOO_LARGE' },
    });
    expect(await uploadPhoto(app, 'parcel-photo', client.token, { data: Buffer.from('<svg onload=alert(1)>'), name: 'x.png', type: 'image/png' })).toMatchObject({
      status: 415,
      body: { code: 'FILE_TYPE_NOT_ALLOWED' },
    });
    expect(await uploadPhoto(app, 'parcel-photo', client.token)).toMatchObject({ status: 400, body: { code: 'FILE_MISSING' } });
    for (const token of [courier.token, support.token]) {
      expect((await uploadPhoto(app, 'parcel-photo', token, { data: fileOf(PNG), name: 'a.png', type: 'image/png' })).status).toBe(403);
    }
  });

  it('stops a client who uploads too many photos in an hour (429)', async () => {
    const flooder = await signedIn(app, 'client');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await uploadPhoto(app, 'parcel-photo', flooder.token, { data: fileOf(JPEG, 200), name: 'a.jpg', type: 'image/jpeg' })).status);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect(await app.db.storedFile.count({ where: { uploadedById: flooder.user.id } })).toBe(30);
  });
});
