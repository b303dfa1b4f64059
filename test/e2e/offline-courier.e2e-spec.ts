import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { newPhone, signedIn } from '../support/accounts.js';
import { codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** Issue 22 item 2: a courier's actions made without network reach the server later, with the device's time. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PICKUP = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** A course the courier accepted 30 minutes ago (moved back in the database, as if the drop lasted that long). */
async function acceptedLongAgo() {
  const client = await signedIn(app, 'client');
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token: client.token });
  expect(created.status).toBe(201);
  const course = created.body as { id: string };
  const courier = await signedIn(app, 'independent_delivery');
  await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });
  expect((await app.request('POST', `/api/delivery/accept-course/${course.id}`, undefined, { token: courier.token })).status).toBe(200);
  await app.db.course.update({ where: { id: course.id }, data: { createdAt: ago(40), assignedAt: ago(30), statusAt: ago(30) } });
  const code = async () => codeIn((await app.outbox.waitForCount((line) => line.to === recipient && line.kind === 'delivery_otp', 1)).at(-1)!.text);
  return { course, courier, code };
}

const step = (token: string, id: string, status: string, occurredAt?: Date, key?: string) =>
  app.request(
    'POST',
    `/api/delivery/course/${id}/update-status?new_status=${status}${occurredAt ? `&occurred_at=${occurredAt.toISOString()}` : ''}`,
    undefined,
    { token, headers: key ? { 'idempotency-key': key } : {} },
  );
const statusEvents = (id: string) => app.db.outboxEvent.count({ where: { type: 'course.status', aggregateId: id } });

describe('a step made offline, sent later with occurred_at', () => {
  it("is recorded at the device's time; the audit line keeps occurred_at and received_at", async () => {
    const { course, courier } = await acceptedLongAgo();
    const leftAt = ago(25);
    expect((await step(courier.token, course.id, 'en_route_pickup', leftAt)).status).toBe(200);
    const collectedAt = ago(20);
    // The body carries it as well as the query.
    const collected = await app.request('POST', `/api/delivery/course/${course.id}/update-status?new_status=collected`, { occurred_at: collectedAt.toISOString() }, { token: courier.token });
    expect(collected).toMatchObject({ status: 200, body: { status: 'collected' } });
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id } });
    expect(stored.pickupTime).toEqual(collectedAt);
    expect(stored.statusAt).toEqual(collectedAt);
    const audit = await app.db.auditLog.findFirstOrThrow({ where: { resourceId: course.id, details: { path: ['status'], equals: 'collected' } } });
    expect(audit.details).toMatchObject({ occurred_at: collectedAt.toISOString() });
    const receivedAt = new Date((audit.details as { received_at: string }).received_at);
    expect(Math.abs(receivedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('a time in the future or before the previous step is a 400 in French, and nothing moves', async () => {
    const { course, courier } = await acceptedLongAgo();
    const future = await step(courier.token, course.id, 'en_route_pickup', new Date(Date.now() + 10 * 60_000));
    expect(future).toMatchObject({ status: 400, body: { code: 'OCCURRED_AT_IN_FUTURE', detail: expect.stringContaining('dans le futur') } });
    const early = await step(courier.token, course.id, 'en_route_pickup', ago(35));
    expect(early).toMatchObject({ status: 400, body: { code: 'OCCURRED_AT_BEFORE_PREVIOUS_STEP', detail: expect.stringContaining('précède') } });
    expect((await step(courier.token, course.id, 'en_route_pickup', ago(20))).status).toBe(200);
    const garbled = await app.request('POST', `/api/delivery/course/${course.id}/update-status?new_status=collected&occurred_at=hier`, undefined, { token: courier.token });
    expect(garbled).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).status).toBe('en_route_pickup');
  });

  it('the same Idempotency-Key twice: one move, one course.status event, the same answer', async () => {
    const { course, courier } = await acceptedLongAgo();
    const before = await statusEvents(course.id);
    const leftAt = ago(10);
    const first = await step(courier.token, course.id, 'en_route_pickup', leftAt, 'step-en_route_pickup-1');
    const again = await step(courier.token, course.id, 'en_route_pickup', leftAt, 'step-en_route_pickup-1');
    expect(first.status).toBe(200);
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await statusEvents(course.id)).toBe(before + 1);
    // The same step again without a key: already reached, answered as done, nothing more.
    expect(await step(courier.token, course.id, 'en_route_pickup')).toMatchObject({ status: 200, body: first.body });
    expect(await statusEvents(course.id)).toBe(before + 1);
    // The key names one request: another step under it is refused.
    expect((await step(courier.token, course.id, 'collected', ago(5), 'step-en_route_pickup-1')).status).toBe(422);
  });

  it('the whole offline sequence, sent in order then replayed: delivered exactly once, at the device times', async () => {
    const { course, courier, code } = await acceptedLongAgo();
    const otp = await code();
    const times = { en_route_pickup: ago(25), collected: ago(20), en_route_delivery: ago(15), delivered: ago(10) };
    const send = async () => {
      const answers = [];
      for (const status of ['en_route_pickup', 'collected', 'en_route_delivery'] as const) {
        answers.push(await step(courier.token, course.id, status, times[status], `offline-${course.id}-${status}`));
      }
      answers.push(
        await app.request('POST', `/api/delivery/course/${course.id}/verify-otp`, { otp, occurred_at: times.delivered.toISOString() }, { token: courier.token, headers: { 'idempotency-key': `offline-${course.id}-otp` } }),
      );
      return answers;
    };
    const first = await send();
    expect(first.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    const replayed = await send();
    expect(replayed.map((answer) => answer.body)).toEqual(first.map((answer) => answer.body));

    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id }, include: { commission: true } });
    expect(stored).toMatchObject({ status: 'delivered', pickupTime: times.collected, deliveryTime: times.delivered, statusAt: times.delivered });
    expect(stored.commission).not.toBeNull();
    expect(await app.db.outboxEvent.count({ where: { type: 'course.delivered', aggregateId: course.id } })).toBe(1);
    // Accepted, then the four steps: one event each.
    expect(await statusEvents(course.id)).toBe(5);
    const steps = await app.db.auditLog.findMany({ where: { resourceId: course.id, action: { in: ['course_status_changed', 'course_delivered'] } }, orderBy: { at: 'asc' } });
    expect(steps.map((line) => (line.details as { status: string; occurred_at: string }).occurred_at)).toEqual(Object.values(times).map((time) => time.toISOString()));
  });

  it('an OTP sent late is checked then: a wrong one is refused and counts', async () => {
    const { course, courier } = await acceptedLongAgo();
    for (const [status, minutes] of [['en_route_pickup', 25], ['collected', 20], ['en_route_delivery', 15]] as const) {
      expect((await step(courier.token, course.id, status, ago(minutes))).status).toBe(200);
    }
    const wrong = await app.request('POST', `/api/delivery/course/${course.id}/verify-otp?occurred_at=${ago(10).toISOString()}`, { otp: '000000' }, { token: courier.token });
    expect(wrong).toMatchObject({ status: 400, body: { code: 'OTP_INVALID' } });
    expect((await app.db.course.findUniqueOrThrow({ where: { id: course.id } })).otpAttempts).toBe(1);
  });

  it("a support request made offline keeps the device's time; only the courier's own course", async () => {
    const { course, courier } = await acceptedLongAgo();
    const madeAt = ago(12);
    const sent = await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=${encodeURIComponent('Destinataire absent')}&occurred_at=${madeAt.toISOString()}`, undefined, {
      token: courier.token,
      headers: { 'idempotency-key': `support-${course.id}` },
    });
    expect(sent.status).toBe(201);
    const replay = await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=${encodeURIComponent('Destinataire absent')}&occurred_at=${madeAt.toISOString()}`, undefined, {
      token: courier.token,
      headers: { 'idempotency-key': `support-${course.id}` },
    });
    expect(replay).toMatchObject({ status: 201, body: sent.body });
    const requests = await app.db.supportRequest.findMany({ where: { courseId: course.id } });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.occurredAt).toEqual(madeAt);
    const other = await signedIn(app, 'independent_delivery');
    expect((await step(other.token, course.id, 'en_route_pickup', ago(5), 'other-courier-key')).status).toBe(404);
  });

  it('an occurred_at of 1970, or before the course existed, is a 400 in French on every action, and nothing is done (issue 34)', async () => {
    const { course, courier, code } = await acceptedLongAgo();
    const epoch = new Date(0);
    const support = await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=${encodeURIComponent('Colis abîmé')}&occurred_at=${epoch.toISOString()}`, undefined, {
      token: courier.token,
    });
    expect(support).toMatchObject({
      status: 400,
      body: { code: 'OCCURRED_AT_BEFORE_COURSE', detail: "L'heure de l'action (occurred_at) précède la création de la course : vérifiez l'heure du téléphone." },
    });
    // Just before the course was made (40 minutes ago), beyond the clock skew: refused too.
    const beforeCourse = await app.request('POST', `/api/delivery/course/${course.id}/contact-support?issue=x&occurred_at=${ago(45).toISOString()}`, undefined, { token: courier.token });
    expect(beforeCourse).toMatchObject({ status: 400, body: { code: 'OCCURRED_AT_BEFORE_COURSE' } });
    expect(await app.db.supportRequest.count({ where: { courseId: course.id } })).toBe(0);

    expect(await step(courier.token, course.id, 'en_route_pickup', epoch)).toMatchObject({ status: 400, body: { code: 'OCCURRED_AT_BEFORE_PREVIOUS_STEP', detail: expect.stringContaining('précède') } });
    for (const [status, minutes] of [['en_route_pickup', 25], ['collected', 20], ['en_route_delivery', 15]] as const) {
      expect((await step(courier.token, course.id, status, ago(minutes))).status).toBe(200);
    }
    const otp = await app.request('POST', `/api/delivery/course/${course.id}/verify-otp`, { otp: await code(), occurred_at: epoch.toISOString() }, { token: courier.token });
    expect(otp).toMatchObject({ status: 400, body: { code: 'OCCURRED_AT_BEFORE_COURSE' } });
    const stored = await app.db.course.findUniqueOrThrow({ where: { id: course.id } });
    expect(stored).toMatchObject({ status: 'en_route_delivery', otpAttempts: 0 });
  });
});

