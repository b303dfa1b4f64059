import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { estimatePrice } from '@coursa/domain';
import { createAccount, login, newIp, newPhone, signedIn } from '../support/accounts.js';
import { activationTokenIn, codeIn } from '../support/outbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.close();
});

const PICKUP = { address: 'Madina', latitude: 9.5456, longitude: -13.6566 };
const DROP = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const PRICE = estimatePrice(PICKUP, DROP);

/** A client who registered through the API with a referral code, activated and signed in. */
async function referredClient(referralCode: string) {
  const phone = newPhone();
  const registered = await app.request('POST', '/api/auth/register', { phone, password: 'secret-123', full_name: 'Mariam Camara', accepted_terms: true, referral_code: referralCode }, { ip: newIp() });
  expect(registered.status).toBe(201);
  const sms = await app.outbox.waitFor((line) => line.to === phone && line.kind === 'activation');
  await app.request('POST', '/api/auth/activate', { token: activationTokenIn(sms.text) });
  const session = await login(app, phone, 'secret-123');
  return { token: session.access_token, id: session.user.id };
}

/** One course ordered by the client and delivered by the courier, through the API. */
async function deliverOne(clientToken: string, courierToken: string, extra: Record<string, unknown> = { payment_method: 'cash_on_delivery' }) {
  const recipient = newPhone();
  const created = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: recipient, ...extra }, { token: clientToken });
  expect(created.status).toBe(201);
  const id = created.body.id;
  expect((await app.request('POST', `/api/delivery/accept-course/${id}`, undefined, { token: courierToken })).status).toBe(200);
  for (const status of ['en_route_pickup', 'collected', 'en_route_delivery']) {
    await app.request('POST', `/api/delivery/course/${id}/update-status?new_status=${status}`, undefined, { token: courierToken });
  }
  const sms = await app.outbox.waitFor((line) => line.to === recipient && line.kind === 'delivery_otp');
  expect((await app.request('POST', `/api/delivery/course/${id}/verify-otp`, { otp: codeIn(sms.text) }, { token: courierToken })).status).toBe(200);
  return created.body;
}

const profile = async (token: string) => (await app.request('GET', '/api/loyalty/profile', undefined, { token })).body;

describe('loyalty over a scripted history of deliveries', () => {
  it('adds up points, levels, the 10th-course free delivery and the referral bonus', async () => {
    const { user: referrer, phone: referrerPhone, password } = await createAccount(app, 'client');
    const referrerToken = (await login(app, referrerPhone, password)).access_token;
    const client = await referredClient(referrer.referralCode);
    const courier = await signedIn(app, 'independent_delivery');
    await app.request('POST', '/api/delivery/toggle-availability', undefined, { token: courier.token });

    expect(await profile(client.token)).toMatchObject({ points: 0, level: { level: 1, name: 'Bronze' }, next_level: { name: 'Argent', points_needed: 100 }, active_promo_codes: 0 });

    await deliverOne(client.token, courier.token);
    expect(await profile(client.token)).toMatchObject({ points: 10, completed_courses: 1 });
    // Issue 38: the referral's bonus points are points, not courses the referrer had delivered.
    expect(await profile(referrerToken)).toMatchObject({ points: 50, referral_count: 1, completed_courses: 0 });

    for (let index = 2; index <= 10; index++) await deliverOne(client.token, courier.token);
    // The referral bonus came once, with the first delivery only.
    expect((await profile(referrerToken)).points).toBe(50);

    const after10 = await profile(client.token);
    expect(after10).toMatchObject({ points: 100, completed_courses: 10, level: { level: 2, name: 'Argent' }, next_level: { name: 'Or', points_needed: 200 }, active_promo_codes: 1 });
    const [freeDelivery] = after10.promo_codes;
    expect(freeDelivery).toMatchObject({ type: 'percentage', value: 100 });
    expect(freeDelivery.code).toMatch(/^GRATUIT-/);
    expect(new Date(freeDelivery.expires_at).getTime()).toBeGreaterThan(Date.now() + 80 * 86400_000);

    const quote = await app.request('POST', '/api/courses/quote', { pickup_location: PICKUP, delivery_location: DROP, promo_code: freeDelivery.code }, { token: client.token });
    expect(quote.body).toMatchObject({ estimated_price: PRICE, discount: PRICE, total_price: 0 });

    // The free course needs no payment; the code then serves no more.
    const free = await deliverOne(client.token, courier.token, { promo_code: freeDelivery.code });
    expect(free).toMatchObject({ estimated_price: PRICE, discount: PRICE });
    expect((await profile(client.token)).active_promo_codes).toBe(0);
    const reuse = await app.request('POST', '/api/courses/quote', { pickup_location: PICKUP, delivery_location: DROP, promo_code: freeDelivery.code }, { token: client.token });
    expect(reuse).toMatchObject({ status: 400, body: { code: 'PROMO_CODE_INVALID' } });
    expect(await app.db.commission.findUniqueOrThrow({ where: { courseId: free.id } })).toMatchObject({ courseAmount: 0, amount: 0 });
    expect((await profile(client.token)).points).toBe(110);

    const entries = await app.db.loyaltyEntry.groupBy({ by: ['userId', 'reason'], _sum: { points: true } });
    expect(entries).toEqual(expect.arrayContaining([
      { userId: client.id, reason: 'course_delivered', _sum: { points: 110 } },
      { userId: referrer.id, reason: 'referral_bonus', _sum: { points: 50 } },
    ]));

    const leaderboard = await app.request('GET', '/api/loyalty/leaderboard', undefined, { token: referrerToken });
    expect(leaderboard.body[0]).toEqual({ rank: 1, name: 'Mariam C.', level: 2, points: 110 });
  });

  it("refuses a promo code that is someone else's, and a campaign code past its date", async () => {
    const alice = await signedIn(app, 'client');
    const bob = await signedIn(app, 'client');
    await app.db.promoCode.create({ data: { code: 'ALICE-ONLY', type: 'fixed', value: 2000, ownerId: alice.user.id, reason: 'test' } });
    await app.db.promoCode.create({ data: { code: 'OLD-CAMPAIGN', type: 'percentage', value: 20, reason: 'test', expiresAt: new Date(Date.now() - 1000) } });
    await app.db.promoCode.create({ data: { code: 'TABASKI', type: 'percentage', value: 10, reason: 'test' } });
    const quote = (token: string, promo_code: string) => app.request('POST', '/api/courses/quote', { pickup_location: PICKUP, delivery_location: DROP, promo_code }, { token });
    expect((await quote(bob.token, 'ALICE-ONLY')).status).toBe(400);
    expect((await quote(alice.token, 'alice-only')).body).toMatchObject({ discount: 2000, total_price: PRICE - 2000 });
    expect((await quote(alice.token, 'OLD-CAMPAIGN')).status).toBe(400);
    expect((await quote(bob.token, 'TABASKI')).body).toMatchObject({ discount: Math.floor(PRICE / 10) });

    // Paying online a discounted course: the payment must be of the discounted total.
    const cash = await app.request('POST', '/api/courses', { pickup_location: PICKUP, delivery_location: DROP, recipient_phone: newPhone(), payment_method: 'cash_on_delivery', promo_code: 'ALICE-ONLY' }, { token: alice.token });
    expect(cash.body).toMatchObject({ discount: 2000 });
    expect(await app.db.payment.findFirstOrThrow({ where: { courseId: cash.body.id } })).toMatchObject({ amount: PRICE - 2000 });
  });

  it('the loyalty profile is for clients only', async () => {
    const courier = await signedIn(app, 'salaried_delivery');
    expect((await app.request('GET', '/api/loyalty/profile', undefined, { token: courier.token })).status).toBe(403);
  });
});
