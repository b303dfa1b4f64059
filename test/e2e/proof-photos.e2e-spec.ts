import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PROOF_MESSAGES } from '@coursa/domain';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { fileOf, JPEG, PNG, postPhoto } from '../support/uploads.js';

/** Proof of delivery beside the code (issue 37): here the configuration requires the photo on every cash course. */
let app: TestApp;
const storageDir = `var/test/storage-${randomBytes(4).toString('hex')}`;
const PICKUP = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };

type Account = Awaited<ReturnType<typeof signedIn>>;
let otherClient: Account, otherCourier: Account, support: Account, admin: Account;

beforeAll(async () => {
  app = await startTestApp({ STORAGE_DIR: storageDir, PROOF_PHOTO_REQUIRED_FOR_CASH: 'true' });
  [otherClient, otherCourier, support, admin] = await Promise.all([
    signedIn(app, 'client'),
    signedIn(app, 'salaried_delivery'),
    signedIn(app, 'support'),
    signedIn(app, 'admin'),
  ]);
});
afterAll(async () => {
  await app?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const step = (token: string, id: string, status: string) => app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token });
const verify = (token: string, id: string, otp: string) => app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp }, { token });
const proof = (token: string, id: string, data?: Buffer, type = 'image/jpeg') =>
  postPhoto(app, `/api/delivery/course/${id}/proof-photo`, token, data && { data, name: 'porte.jpg', type });
const photoStatus = (url: string, token: string) => app.request('GET', url, undefined, { token }).then((answer) => answer.status);

/** A cash course ordered by a new client and carried by a new courier to the door; the recipient's code. */
async function atTheDoor() {
  const client = await signedIn(app, 'client');
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courier.token })).status).toBe(200);
  expect((await proof(courier.token, id, fileOf(JPEG))).status).toBe(409);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) expect((await step(courier.token, id, status)).status).toBe(200);
  const code = codeIn((await app.outbox.waitForCount((line) => line.to === recipient && line.kind === 'delivery_otp', 1)).at(-1)!.text);
  return { client, courier, id, code };
}

describe('the proof photo at the door', () => {
  it('required for cash and missing: the handover is refused in French (422), no try spent, and accepted once the photo is kept', async () => {
    const { courier, id, code } = await atTheDoor();
    const navigation = await app.request('GET', `/api/delivery/course/${id}/navigation`, undefined, { token: courier.token });
    expect(navigation.body).toMatchObject({ proof_photo_required: true, proof_photo_taken: false });

    expect(await verify(courier.token, id, code)).toEqual(expect.objectContaining({ status: 422, body: { code: 'PROOF_PHOTO_REQUIRED', detail: PROOF_MESSAGES.required } }));
    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'en_route_delivery', otpAttempts: 0 });

    const kept = await proof(courier.token, id, fileOf(JPEG));
    expect(kept).toEqual({ status: 201, body: { photo_url: `/api/files/${kept.body.file_id}`, file_id: expect.any(String) } });
    expect((await app.request('GET', `/api/delivery/course/${id}/navigation`, undefined, { token: courier.token })).body).toMatchObject({ proof_photo_taken: true });
    expect((await verify(courier.token, id, code)).status).toBe(200);
    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'delivered', proofPhotoFileId: kept.body.file_id });
  });

  it("is seen by the course's client (my courses, the course) and staff (courses, claims), and by no one else", async () => {
    const { client, courier, id, code } = await atTheDoor();
    const data = fileOf(PNG, 4000);
    const kept = await proof(courier.token, id, data, 'image/png');
    expect(await app.db.storedFile.findUniqueOrThrow({ where: { id: kept.body.file_id } })).toMatchObject({ kind: 'proof_photo', mimeType: 'image/png', uploadedById: courier.user.id });
    expect((await verify(courier.token, id, code)).status).toBe(200);
    const url = kept.body.photo_url as string;

    const response = await fetch(`${app.baseUrl}${url}`, { headers: { authorization: `Bearer ${client.token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(data)).toBe(true);
    expect(await photoStatus(url, support.token)).toBe(200);
    expect(await photoStatus(url, admin.token)).toBe(200);
    // Anyone else, the courier who took it included, is told it does not exist; so is a guessed id.
    for (const token of [otherClient.token, otherCourier.token, courier.token]) expect(await photoStatus(url, token)).toBe(404);
    expect(await photoStatus(`/api/files/${crypto.randomUUID()}`, client.token)).toBe(404);
    expect((await app.request('GET', url)).status).toBe(401);

    // Where each sees it: the client's courses, the course and its tracking; staff's courses and the claim; the courier never.
    expect((await app.request('GET', `/api/courses/${id}`, undefined, { token: client.token })).body.proof_photo_url).toBe(url);
    const mine = await app.request('GET', '/api/courses', undefined, { token: client.token });
    expect(mine.body.find((course: { id: string }) => course.id === id).proof_photo_url).toBe(url);
    expect((await app.request('GET', `/api/courses/${id}/tracking`, undefined, { token: client.token })).body.proof_photo_url).toBe(url);
    expect((await app.request('GET', `/api/courses/${id}`, undefined, { token: courier.token })).body.proof_photo_url).toBeNull();
    expect((await app.request('GET', `/api/courses/${id}/tracking`, undefined, { token: courier.token })).body.proof_photo_url).toBeNull();
    const history = await app.request('GET', '/api/delivery/history', undefined, { token: courier.token });
    expect(history.body.find((course: { id: string }) => course.id === id).proof_photo_url).toBeNull();
    const staffCourses = await app.request('GET', '/api/admin/courses?status=delivered', undefined, { token: support.token });
    expect(staffCourses.body.find((course: { id: string }) => course.id === id).proof_photo_url).toBe(url);
    const claim = await app.request('POST', '/api/disputes', { course_id: id, reason: "Je n'ai rien reçu" }, { token: client.token });
    expect(claim.status).toBe(201);
    const claims = await app.request('GET', '/api/admin/disputes', undefined, { token: support.token });
    expect(claims.body.find((dispute: { course_id: string }) => dispute.course_id === id).proof_photo_url).toBe(url);
  });

  it('has the checks of every upload: the size, the type by its first bytes, the file field; the course courier only', async () => {
    const { client, courier, id } = await atTheDoor();
    expect(await proof(courier.token, id, fileOf(JPEG, 5_242_881))).toEqual({ status: 413, body: { detail: 'Fichier trop volumineux. Maximum 5MB.', code: 'FILE_TOO_LARGE' } });
    expect(await proof(courier.token, id, Buffer.from('<svg onload=alert(1)>'), 'image/png')).toMatchObject({ status: 415, body: { code: 'FILE_TYPE_NOT_ALLOWED' } });
    expect(await proof(courier.token, id)).toMatchObject({ status: 400, body: { code: 'FILE_MISSING' } });
    expect((await proof(otherCourier.token, id, fileOf(JPEG))).status).toBe(404);
    expect((await proof(client.token, id, fileOf(JPEG))).status).toBe(403);
    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ proofPhotoFileId: null });
  });

  it('the same photo sent twice at once is kept once, both answered with it; a new photo then replaces it', async () => {
    const { courier, id } = await atTheDoor();
    const data = fileOf(JPEG, 2000);
    const proofs = () => (existsSync(`${storageDir}/proofs`) ? readdirSync(`${storageDir}/proofs`).length : 0);
    const before = proofs();
    const answers = await Promise.all([proof(courier.token, id, data), proof(courier.token, id, data)]);
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
    expect(answers[0].body.file_id).toBe(answers[1].body.file_id);
    expect(await app.db.storedFile.count({ where: { kind: 'proof_photo', uploadedById: courier.user.id } })).toBe(1);
    // The second copy's bytes are not left behind.
    expect(proofs()).toBe(before + 1);

    const retaken = await proof(courier.token, id, fileOf(JPEG, 2000));
    expect(retaken.body.file_id).not.toBe(answers[0].body.file_id);
    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ proofPhotoFileId: retaken.body.file_id });
  });

  it('stops a courier who retakes the photo too often for one course (429), keeping the last one', async () => {
    const { courier, id } = await atTheDoor();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await proof(courier.token, id, fileOf(JPEG, 300))).status);
    expect(statuses.slice(0, 10).every((status) => status === 201)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(await app.db.storedFile.count({ where: { kind: 'proof_photo', uploadedById: courier.user.id } })).toBe(10);
  });
});
