import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { courseNumber, type CourseStatus, type Role } from '@coursa/domain';
import { createAccount, login, newIp, newPhone, signedIn } from '../support/accounts.js';
import { allPagesOf, nextLinkOf } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let app: TestApp;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every seeded time is relative to this moment, at least 30 minutes away from any period boundary. */
let now: number;
const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * HOUR);
const later = (date: Date, minutes: number) => new Date(date.getTime() + minutes * MINUTE);
const dateOf = (moment: Date) => moment.toISOString().slice(0, 10);

type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account, support: Account, superAdmin: Account, otherSuperAdmin: Account;
/** Courier A and client K2 also sign in, to be refused the back office. */
let courierA: Account, clientK2: Account;
const courier: Record<'A' | 'B' | 'C' | 'D' | 'E', string> = { A: '', B: '', C: '', D: '', E: '' };
const client: Record<'K1' | 'K2' | 'K3' | 'K4', string> = { K1: '', K2: '', K3: '', K4: '' };
const NAMES = { A: 'Awa Camara', B: 'Boubacar Diallo', C: 'Cheick Sylla', D: 'Djenab Bah', E: 'Elhadj Touré' };

// Pickup points: around Kaloum and Matam, and two outside Conakry (Coyah road, Kindia), farther than 15 km.
const KALOUM: [number, number][] = [[9.51, -13.71], [9.508, -13.713], [9.5095, -13.7125], [9.45, -13.75]];
const MATAM: [number, number][] = [[9.54, -13.65], [9.55, -13.66], [9.5456, -13.6566]];
const COYAH_ROAD: [number, number] = [9.7, -13.38];
const KINDIA: [number, number] = [10.057, -12.865];
const DIXINN: [number, number] = [9.5482, -13.6792];
const RATOMA: [number, number] = [9.61, -13.62];

interface SeededCourse {
  id: string;
  status: CourseStatus;
  createdAt: Date;
  deliveryTime: Date | null;
  finalPrice: number | null;
}
const seeded: SeededCourse[] = [];

interface CourseSeed {
  client: string;
  courier?: string;
  status: CourseStatus;
  createdAt: Date;
  pickup: [number, number];
  /** Delivered courses: price, minutes from assignment to delivery, and when (default: right after creation). */
  delivered?: { price: number; minutes: number; at?: Date };
}

async function seedCourse(seed: CourseSeed): Promise<string> {
  const deliveryTime = seed.delivered ? (seed.delivered.at ?? later(seed.createdAt, 10 + seed.delivered.minutes)) : null;
  const assignedAt = seed.delivered ? later(deliveryTime!, -seed.delivered.minutes) : seed.courier ? later(seed.createdAt, 10) : null;
  const course = await app.db.course.create({
    data: {
      clientId: seed.client,
      courierId: seed.courier ?? null,
      status: seed.status,
      createdAt: seed.createdAt,
      pickupAddress: 'Point de retrait',
      pickupLatitude: seed.pickup[0],
      pickupLongitude: seed.pickup[1],
      deliveryAddress: 'Point de livraison',
      deliveryLatitude: 9.53,
      deliveryLongitude: -13.68,
      recipientPhone: newPhone(),
      distanceKm: 3,
      estimatedPrice: seed.delivered?.price ?? 8000,
      finalPrice: seed.delivered?.price ?? null,
      paymentMethod: 'cash_on_delivery',
      assignedAt,
      deliveryTime,
    },
  });
  seeded.push({ id: course.id, status: course.status, createdAt: seed.createdAt, deliveryTime, finalPrice: course.finalPrice });
  return course.id;
}

async function account(role: Role, fields: { fullName?: string; createdAt?: Date; isActive?: boolean; isAvailable?: boolean } = {}) {
  const { user } = await createAccount(app, role);
  await app.db.user.update({ where: { id: user.id }, data: fields });
  return user.id;
}

const get = (path: string, token: string) => app.request('GET', path, undefined, { token });

/** The seeded courses of the analytics describe, by name. */
const c: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  now = Date.now();
  [admin, support, superAdmin, otherSuperAdmin, courierA, clientK2] = await Promise.all([
    signedIn(app, 'admin'),
    signedIn(app, 'support'),
    signedIn(app, 'super_admin'),
    signedIn(app, 'super_admin'),
    signedIn(app, 'independent_delivery'),
    signedIn(app, 'client'),
  ]);
  courier.A = courierA.user.id;
  await app.db.user.update({ where: { id: courier.A }, data: { fullName: NAMES.A, isAvailable: true } });
  courier.B = await account('independent_delivery', { fullName: NAMES.B, isAvailable: true });
  courier.C = await account('salaried_delivery', { fullName: NAMES.C });
  courier.D = await account('salaried_delivery', { fullName: NAMES.D });
  // Disabled but still marked available: neither active nor online.
  courier.E = await account('independent_delivery', { fullName: NAMES.E, isActive: false, isAvailable: true });
  client.K1 = await account('client', { createdAt: ago(30) });
  client.K2 = clientK2.user.id;
  await app.db.user.update({ where: { id: client.K2 }, data: { createdAt: ago(3) } });
  client.K3 = await account('client', { createdAt: ago(2) });
  client.K4 = await account('client', { createdAt: ago(20) });

  // The last 7 days: c1–c8 and c12 created, c1–c4, c11 and c12 delivered.
  c.c1 = await seedCourse({ client: client.K1, courier: courier.A, status: 'delivered', createdAt: ago(2, 3), pickup: KALOUM[0]!, delivered: { price: 20_000, minutes: 30 } });
  c.c2 = await seedCourse({ client: client.K1, courier: courier.A, status: 'delivered', createdAt: ago(1, 5), pickup: MATAM[0]!, delivered: { price: 15_000, minutes: 50 } });
  c.c3 = await seedCourse({ client: client.K2, courier: courier.B, status: 'delivered', createdAt: ago(3, 1), pickup: COYAH_ROAD, delivered: { price: 30_000, minutes: 70 } });
  c.c4 = await seedCourse({ client: client.K3, courier: courier.A, status: 'delivered', createdAt: ago(4, 6), pickup: KALOUM[1]!, delivered: { price: 10_000, minutes: 20 } });
  c.c5 = await seedCourse({ client: client.K3, courier: courier.B, status: 'cancelled', createdAt: ago(5, 2), pickup: KALOUM[2]! });
  c.c6 = await seedCourse({ client: client.K4, status: 'pending', createdAt: ago(2, 8), pickup: KINDIA });
  c.c7 = await seedCourse({ client: client.K1, courier: courier.C, status: 'en_route_delivery', createdAt: ago(6, 4), pickup: KALOUM[3]! });
  c.c8 = await seedCourse({ client: client.K3, courier: courier.C, status: 'assigned', createdAt: ago(3, 5), pickup: MATAM[2]! });
  c.c12 = await seedCourse({
    client: client.K2,
    courier: courier.B,
    status: 'delivered',
    createdAt: ago(2, 1),
    pickup: MATAM[1]!,
    delivered: { price: 8_000, minutes: 30, at: new Date(now - 10 * MINUTE) },
  });
  // The 7 days before: c9, c10, c11 created (in Dixinn, which must not count among this period's zones).
  c.c9 = await seedCourse({ client: client.K2, courier: courier.B, status: 'delivered', createdAt: ago(10), pickup: DIXINN, delivered: { price: 12_000, minutes: 55 } });
  c.c10 = await seedCourse({ client: client.K4, status: 'cancelled', createdAt: ago(12), pickup: DIXINN });
  // Ordered 8 days ago, delivered 6.5 days ago: this period's revenue, the previous period's orders.
  c.c11 = await seedCourse({ client: client.K4, courier: courier.D, status: 'delivered', createdAt: ago(8), pickup: DIXINN, delivered: { price: 25_000, minutes: 30, at: ago(6, 12) } });

  const rating = (courseId: string, clientId: string, courierId: string, value: number, createdAt: Date) =>
    app.db.rating.create({ data: { courseId, clientId, courierId, rating: value, createdAt } });
  await rating(c.c1, client.K1, courier.A, 5, ago(2));
  await rating(c.c2, client.K1, courier.A, 4, ago(1, 3));
  await rating(c.c3, client.K2, courier.B, 3, ago(3));
  await rating(c.c9, client.K2, courier.B, 1, ago(9));
  const commission = (courseId: string, courierId: string, courseAmount: number, createdAt: Date) =>
    app.db.commission.create({ data: { courseId, courierId, courseAmount, rateBps: 7000, amount: Math.round(courseAmount * 0.7), createdAt } });
  await commission(c.c1, courier.A, 20_000, ago(2, 2));
  await commission(c.c2, courier.A, 15_000, ago(1, 4));
  await commission(c.c3, courier.B, 30_000, ago(3));
  await commission(c.c9, courier.B, 12_000, ago(9));
});

afterAll(async () => {
  await app?.close();
});

/** The last 7 days (today last), each with revenue delivered and courses created that day, computed from the seeds. */
function expectedTrends() {
  const today = new Date(now);
  today.setUTCHours(0, 0, 0, 0);
  const dates = Array.from({ length: 8 }, (_, index) => dateOf(new Date(today.getTime() - (7 - index) * DAY)));
  const revenueOn = (date: string) =>
    seeded.filter((course) => course.status === 'delivered' && dateOf(course.deliveryTime!) === date).reduce((sum, course) => sum + course.finalPrice!, 0);
  const ordersOn = (date: string) => seeded.filter((course) => dateOf(course.createdAt) === date).length;
  return dates.slice(1).map((date, index) => {
    const revenue = revenueOn(date);
    const before = revenueOn(dates[index]!);
    return { date, revenue, orders: ordersOn(date), growth: before === 0 ? 0 : Math.round(((revenue - before) / before) * 100 * 10) / 10 };
  });
}

/** The 2-hour window (starting on any hour) in which most of the period's courses were created. */
function expectedPeakHours(createdAts: Date[]) {
  const perHour = new Array<number>(24).fill(0);
  for (const createdAt of createdAts) perHour[createdAt.getUTCHours()]!++;
  let best = { hour: 0, count: 0 };
  perHour.forEach((count, hour) => {
    const inWindow = count + perHour[(hour + 1) % 24]!;
    if (inWindow > best.count) best = { hour, count: inWindow };
  });
  const label = (hour: number) => `${String(hour % 24).padStart(2, '0')}:00`;
  return `${label(best.hour)}-${label(best.hour + 2)}`;
}

describe('dashboard and analytics', () => {
  it('count users, courses, active and delivered courses for the dashboard', async () => {
    const stats = await get('/api/dashboard/stats', support.token);
    expect(stats.status).toBe(200);
    // 4 staff, 5 couriers, 4 clients, of whom the 4 staff, courier A and client K2 signed in (« Utilisateurs actifs »);
    // 12 courses of which c7 and c8 are under way and 7 delivered.
    expect(stats.body).toEqual({ total_users: 13, active_users: 6, total_courses: 12, active_courses: 2, completed_courses: 7 });
  });

  it('compute every figure of the last 7 days (the default period) from the database', async () => {
    const answer = await get('/api/admin/analytics', admin.token);
    expect(answer.status).toBe(200);
    const createdThisWeek = [c.c1, c.c2, c.c3, c.c4, c.c5, c.c6, c.c7, c.c8, c.c12].map((id) => seeded.find((course) => course.id === id)!.createdAt);
    const deliveredToday = seeded.filter((course) => course.deliveryTime && course.deliveryTime >= new Date(new Date(now).setUTCHours(0, 0, 0, 0))).length;
    expect(answer.body).toEqual({
      // Delivered in the period: c1 20 000 + c2 15 000 + c3 30 000 + c4 10 000 + c11 25 000 + c12 8 000.
      total_revenue: 108_000,
      previous_revenue: 12_000,
      total_courses: 9,
      previous_courses: 3,
      active_deliverers: 4,
      online_deliverers: 2,
      // (30 + 50 + 70 + 20 + 30 + 30) / 6 minutes; 4 of the 6 within 45 minutes.
      average_delivery_time: 38.3,
      delivery_efficiency: 66.7,
      average_order_value: 18_000,
      total_commissions: 14_000 + 10_500 + 21_000,
      commission_percentage: 70,
      customer_satisfaction: 4,
      total_ratings: 3,
      // Of the 9 courses created: 5 delivered, 1 cancelled.
      success_rate: 55.6,
      successful_deliveries: 5,
      cancellation_rate: 11.1,
      cancelled_courses: 1,
      // K1, K2 and K3 ordered at least twice, K4 once.
      repeat_customer_rate: 75,
      peak_hours: expectedPeakHours(createdThisWeek),
      new_clients: 2,
      delivery_metrics: { in_progress: 2, pending: 1, delivered_today: deliveredToday },
      weekly_trends: expectedTrends(),
      top_deliverers: [
        { name: NAMES.A, deliveries: 3 },
        { name: NAMES.B, deliveries: 2 },
        { name: NAMES.D, deliveries: 1 },
      ],
      top_zones: [
        { name: 'Kaloum', orders: 4 },
        { name: 'Matam', orders: 3 },
        { name: 'Hors Conakry', orders: 2 },
      ],
      top_delivery_personnel: [
        { name: NAMES.A, completed_deliveries: 3, total_revenue: 45_000 },
        { name: NAMES.B, completed_deliveries: 2, total_revenue: 38_000 },
        { name: NAMES.D, completed_deliveries: 1, total_revenue: 25_000 },
      ],
      alerts: [
        { type: 'high_cancellation_rate', message: "Taux d'annulation élevé : 11,1 % (seuil : 10 %).", value: 11.1 },
        { type: 'few_active_deliverers', message: 'Peu de livreurs actifs : 4 (minimum : 5).', value: 4 },
      ],
    });
    expect(answer.body.weekly_trends).toHaveLength(7);
    expect(answer.body.weekly_trends[6].date).toBe(dateOf(new Date(now)));
    expect((await get('/api/admin/analytics?period=7days', admin.token)).body).toEqual(answer.body);
  });

  it('raise the slow-delivery alert and drop the others when the figures cross back', async () => {
    // A fifth active courier (enabled through the toggle call), and a 300-minute delivery among 10 courses.
    expect((await app.request('PUT', `/api/users/${courier.E}/toggle-status`, undefined, { token: admin.token })).body).toEqual({ id: courier.E, is_active: true });
    c.c13 = await seedCourse({ client: client.K4, courier: courier.D, status: 'delivered', createdAt: ago(1, 10), pickup: RATOMA, delivered: { price: 5_000, minutes: 300 } });

    const answer = await get('/api/admin/analytics', superAdmin.token);
    expect(answer.body).toMatchObject({ active_deliverers: 5, online_deliverers: 3, total_courses: 10, cancellation_rate: 10, average_delivery_time: 75.7 });
    expect(answer.body.alerts).toEqual([{ type: 'slow_deliveries', message: 'Temps de livraison moyen élevé : 75,7 min (seuil : 60 min).', value: 75.7 }]);
  });

  it('name four monthly champions on the dashboard (top deliverers stay three)', async () => {
    // Courier C delivers once, 15 days ago: outside this week and the one before, inside the month.
    c.c14 = await seedCourse({ client: client.K1, courier: courier.C, status: 'delivered', createdAt: ago(15), pickup: DIXINN, delivered: { price: 9_000, minutes: 30 } });

    const month = await get('/api/admin/analytics?period=30days', admin.token);
    expect(month.status).toBe(200);
    // B and A both delivered 3 this month (B's include c9, 10 days ago): B's 50 000 GNF comes first; then D's 2, C's 1.
    expect(month.body.top_delivery_personnel.map((champion: { name: string }) => champion.name)).toEqual([NAMES.B, NAMES.A, NAMES.D, NAMES.C]);
    expect(month.body.top_delivery_personnel[3]).toEqual({ name: NAMES.C, completed_deliveries: 1, total_revenue: 9_000 });
    expect(month.body.top_deliverers).toHaveLength(3);
    expect(month.body.top_zones.length).toBeLessThanOrEqual(3);
  });

  it('cover only the last 24 hours when asked, with the fallbacks when nothing was ordered or rated', async () => {
    const answer = await get('/api/admin/analytics?period=24h', admin.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      total_revenue: 8_000,
      // c2 and c13, ordered and delivered the day before.
      previous_revenue: 20_000,
      total_courses: 0,
      previous_courses: 2,
      average_delivery_time: 30,
      success_rate: 0,
      cancellation_rate: 0,
      customer_satisfaction: 5,
      total_ratings: 0,
      peak_hours: '14:00-16:00',
      new_clients: 0,
      top_deliverers: [{ name: NAMES.B, deliveries: 1 }],
      top_zones: [],
      alerts: [],
    });
    expect(answer.body.weekly_trends).toEqual(expectedTrends());
  });

  it('refuse an unknown period', async () => {
    expect(await get('/api/admin/analytics?period=1year', admin.token)).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', detail: 'Période inconnue : 24h, 7days, 30days ou 90days.' },
    });
  });
});

describe('users', () => {
  it('list users with their display id, filtered by role', async () => {
    const rows = await app.db.user.findMany({ where: { anonymizedAt: null } });
    expect((await get('/api/admin/users', admin.token)).body).toMatchObject({ total: rows.length });
    const users = await allPagesOf(app, '/api/admin/users', 'users', admin.token, 5);
    expect(users).toHaveLength(rows.length);
    const a = await app.db.user.findUniqueOrThrow({ where: { id: courier.A } });
    expect(users).toContainEqual({
      id: a.id,
      display_id: `USR-${String(a.number).padStart(6, '0')}`,
      full_name: NAMES.A,
      phone: a.phone,
      email: null,
      role: 'independent_delivery',
      is_active: true,
      created_at: a.createdAt.toISOString(),
    });
    const createdAts = users.map((user: { created_at: string }) => user.created_at);
    expect(createdAts).toEqual([...createdAts].sort().reverse());

    const independents = await get('/api/admin/users?role=independent_delivery', support.token);
    expect(independents.body.users.map((user: { id: string }) => user.id).sort()).toEqual([courier.A, courier.B, courier.E].sort());
    expect(independents.body).toMatchObject({ total: 3, next_cursor: null });
    const superAdmins = await get('/api/admin/users?role=super_admin', support.token);
    expect(superAdmins.body.users).toHaveLength(2);
    expect((await allPagesOf(app, '/api/admin/users?role=', 'users', support.token))).toHaveLength(rows.length);
    expect(await get('/api/admin/users?role=boss', support.token)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('disable a user: no more sign-in, every session ends, and enable them again', async () => {
    const target = await signedIn(app, 'client');
    const session = await login(app, target.phone, target.password);
    const ip = newIp();
    const disabled = await app.request('PUT', `/api/users/${target.user.id}/toggle-status`, undefined, { token: admin.token, ip });
    expect(disabled).toMatchObject({ status: 200, body: { id: target.user.id, is_active: false } });

    expect(await app.db.session.count({ where: { userId: target.user.id, revokedAt: null } })).toBe(0);
    expect((await get('/api/auth/me', target.token)).status).toBe(401);
    expect((await app.request('POST', '/api/auth/refresh', { refresh_token: session.refresh_token })).status).toBe(401);
    const refused = await app.request('POST', '/api/auth/login', { phone: target.phone, password: target.password }, { ip: newIp() });
    expect(refused).toMatchObject({ status: 403, body: { code: 'ACCOUNT_DISABLED' } });
    expect(await app.db.auditLog.findFirst({ where: { action: 'user_disabled', resourceId: target.user.id } })).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      resourceType: 'user',
      success: true,
      ip,
    });

    const enabled = await app.request('PUT', `/api/users/${target.user.id}/toggle-status`, undefined, { token: support.token });
    expect(enabled.body).toEqual({ id: target.user.id, is_active: true });
    expect((await app.request('POST', '/api/auth/login', { phone: target.phone, password: target.password }, { ip: newIp() })).status).toBe(200);
    expect(await app.db.auditLog.count({ where: { action: 'user_enabled', resourceId: target.user.id, actorRole: 'support' } })).toBe(1);
  });

  it('never let staff disable themselves, nor an admin or support touch a super administrator', async () => {
    const toggle = (id: string, token: string) => app.request('PUT', `/api/users/${id}/toggle-status`, undefined, { token });
    expect(await toggle(admin.user.id, admin.token)).toMatchObject({
      status: 403,
      body: { code: 'CANNOT_DISABLE_SELF', detail: 'Vous ne pouvez pas désactiver votre propre compte.' },
    });
    for (const staff of [admin, support]) {
      expect(await toggle(superAdmin.user.id, staff.token)).toMatchObject({
        status: 403,
        body: { code: 'SUPER_ADMIN_PROTECTED', detail: "Seul un super administrateur peut désactiver, modifier ou supprimer un super administrateur." },
      });
    }
    expect((await app.db.user.findUniqueOrThrow({ where: { id: superAdmin.user.id } })).isActive).toBe(true);
    expect((await toggle(otherSuperAdmin.user.id, superAdmin.token)).body).toEqual({ id: otherSuperAdmin.user.id, is_active: false });
    expect((await toggle(otherSuperAdmin.user.id, superAdmin.token)).body).toEqual({ id: otherSuperAdmin.user.id, is_active: true });
    expect(await toggle(randomUUID(), admin.token)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect(await toggle('42', admin.token)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
  });

  it('anonymises rather than deletes a user the audit trail names (they signed in once)', async () => {
    const signedInOnce = await signedIn(app, 'client');
    const answer = await app.request('DELETE', `/api/admin/users/${signedInOnce.user.id}`, undefined, { token: admin.token, ip: newIp() });
    expect(answer.status).toBe(200);
    expect(await app.db.user.findUniqueOrThrow({ where: { id: signedInOnce.user.id } })).toMatchObject({ fullName: 'Utilisateur supprimé', isActive: false });
    expect(await app.db.auditLog.count({ where: { action: 'login', actorId: signedInOnce.user.id } })).toBeGreaterThan(0);
  });

  it('delete a user without history', async () => {
    // Never signed in: no audit row names them, so nothing keeps them.
    const newcomer = await createAccount(app, 'client');
    const ip = newIp();
    const deleted = await app.request('DELETE', `/api/admin/users/${newcomer.user.id}`, undefined, { token: admin.token, ip });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: 'Utilisateur supprimé avec succès.' } });
    expect(await app.db.user.findUnique({ where: { id: newcomer.user.id } })).toBeNull();
    expect(await app.db.auditLog.findFirst({ where: { action: 'user_deleted', resourceId: newcomer.user.id } })).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      resourceType: 'user',
      success: true,
      ip,
      details: { outcome: 'deleted', role: 'client' },
    });
    expect((await app.request('DELETE', `/api/admin/users/${newcomer.user.id}`, undefined, { token: admin.token })).status).toBe(404);
  });

  it('anonymise a user with history: their courses and money stay, their personal data and sessions go', async () => {
    const customer = await signedIn(app, 'client');
    await app.db.user.update({ where: { id: customer.user.id }, data: { email: `client-${customer.user.number}@exemple.gn` } });
    const rider = await signedIn(app, 'salaried_delivery');
    const courseId = await seedCourse({ client: customer.user.id, courier: rider.user.id, status: 'delivered', createdAt: ago(1), pickup: DIXINN, delivered: { price: 9_000, minutes: 25 } });
    await app.db.payment.create({ data: { orderId: `COURSE_${courseId}`, clientId: customer.user.id, provider: 'cash', method: 'cash_on_delivery', amount: 9_000, status: 'succeeded', courseId } });
    await app.db.commission.create({ data: { courseId, courierId: rider.user.id, courseAmount: 9_000, rateBps: 1500, amount: 1_350 } });

    for (const person of [customer, rider]) {
      const answer = await app.request('DELETE', `/api/admin/users/${person.user.id}`, undefined, { token: support.token });
      expect(answer).toMatchObject({
        status: 200,
        body: { success: true, message: 'Utilisateur supprimé avec succès : ses données personnelles sont effacées, son historique est conservé.' },
      });
      const row = await app.db.user.findUniqueOrThrow({ where: { id: person.user.id } });
      expect(row).toMatchObject({ fullName: 'Utilisateur supprimé', phone: `+000${row.number}`, email: null, isActive: false, anonymizedAt: expect.any(Date) });
      expect(row.passwordHash).not.toBe(person.user.passwordHash);
      expect(await app.db.session.count({ where: { userId: person.user.id, revokedAt: null } })).toBe(0);
      expect((await get('/api/auth/me', person.token)).status).toBe(401);
      const signIn = await app.request('POST', '/api/auth/login', { phone: person.phone, password: person.password }, { ip: newIp() });
      expect(signIn.status).toBe(401);
      expect(await app.db.auditLog.findFirst({ where: { action: 'user_deleted', resourceId: person.user.id } })).toMatchObject({ details: { outcome: 'anonymized' } });
      expect((await app.request('DELETE', `/api/admin/users/${person.user.id}`, undefined, { token: support.token })).status).toBe(404);
    }
    expect(await app.db.course.findUniqueOrThrow({ where: { id: courseId } })).toMatchObject({ clientId: customer.user.id, courierId: rider.user.id, finalPrice: 9_000 });
    expect(await app.db.payment.count({ where: { courseId, clientId: customer.user.id } })).toBe(1);
    expect(await app.db.commission.count({ where: { courseId, courierId: rider.user.id } })).toBe(1);
    const listed = (await allPagesOf(app, '/api/admin/users', 'users', admin.token)).map((user: { id: string }) => user.id);
    expect(listed).not.toContain(customer.user.id);
    expect(listed).not.toContain(rider.user.id);
  });

  it('never delete staff accounts nor oneself, and answer 404 for guessed ids', async () => {
    const STAFF_REFUSED = { code: 'STAFF_NOT_DELETABLE', detail: 'Les comptes administrateur, support et super administrateur ne peuvent pas être supprimés.' };
    const remove = (id: string, token: string) => app.request('DELETE', `/api/admin/users/${id}`, undefined, { token });
    expect(await remove(support.user.id, admin.token)).toMatchObject({ status: 403, body: STAFF_REFUSED });
    expect(await remove(superAdmin.user.id, admin.token)).toMatchObject({ status: 403, body: STAFF_REFUSED });
    expect(await remove(admin.user.id, superAdmin.token)).toMatchObject({ status: 403, body: STAFF_REFUSED });
    expect(await remove(admin.user.id, admin.token)).toMatchObject({
      status: 403,
      body: { code: 'CANNOT_DELETE_SELF', detail: 'Vous ne pouvez pas supprimer votre propre compte.' },
    });
    expect(await app.db.user.count({ where: { id: { in: [admin.user.id, support.user.id, superAdmin.user.id] }, anonymizedAt: null } })).toBe(3);
    expect(await remove(randomUUID(), admin.token)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
    expect(await remove('1', admin.token)).toMatchObject({ status: 404, body: { code: 'USER_NOT_FOUND' } });
  });
});

describe('courses', () => {
  it('list courses newest first in the back office shape, filtered by status', async () => {
    const count = await app.db.course.count();
    expect((await get('/api/admin/courses', admin.token)).headers.get('x-total-count')).toBe(String(count));
    const all = await allPagesOf(app, '/api/admin/courses', 'courses', admin.token, 4);
    expect(all).toHaveLength(count);
    const createdAts = all.map((course: { created_at: string }) => course.created_at);
    expect(createdAts).toEqual([...createdAts].sort().reverse());
    const c7 = await app.db.course.findUniqueOrThrow({ where: { id: c.c7 } });
    const [k1, courierC] = await Promise.all([app.db.user.findUniqueOrThrow({ where: { id: client.K1 } }), app.db.user.findUniqueOrThrow({ where: { id: courier.C } })]);
    expect(all).toContainEqual({
      id: c.c7,
      course_number: courseNumber(c7.number),
      status: 'en_route_delivery',
      client_id: client.K1,
      client_name: 'Test client',
      client_phone: k1.phone,
      assigned_delivery_person_id: courier.C,
      delivery_person_name: NAMES.C,
      delivery_person_phone: courierC.phone,
      recipient_phone: c7.recipientPhone,
      created_at: c7.createdAt.toISOString(),
      estimated_price: 8_000,
      payment_method: 'cash_on_delivery',
      price_to_pay: 8_000,
      pickup_location: { address: 'Point de retrait', latitude: KALOUM[3]![0], longitude: KALOUM[3]![1] },
      delivery_location: { address: 'Point de livraison', latitude: 9.53, longitude: -13.68 },
      description: null,
      handover_flag: null,
      position_flag: null,
      proof_photo_url: null,
      hand_back_count: 0,
    });
    expect(all.find((course: { id: string }) => course.id === c.c6)).toMatchObject({ assigned_delivery_person_id: null, delivery_person_name: null });

    const cancelled = await get('/api/admin/courses?status=cancelled', support.token);
    expect(cancelled.body.map((course: { id: string }) => course.id).sort()).toEqual([c.c5, c.c10].sort());
    expect(cancelled.headers.get('x-total-count')).toBe('2');
    expect(nextLinkOf(cancelled)).toBeNull();
    const underWay = await allPagesOf(app, '/api/admin/courses?status=active', 'courses', support.token);
    expect(underWay.map((course: { id: string }) => course.id).sort()).toEqual([c.c7, c.c8].sort());
    // « En route » (issue 38): the courier on the road, to the pickup or to the door; c8 is assigned, not yet on it.
    const onTheRoad = await get('/api/admin/courses?status=en_route', support.token);
    expect(onTheRoad.body.map((course: { id: string }) => course.id)).toEqual([c.c7]);
    expect(onTheRoad.headers.get('x-total-count')).toBe('1');
    expect(await get('/api/admin/courses?status=lost', support.token)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
  });

  it('cancel a course with its reason: a paid payment is to be refunded, and the change is audited and announced', async () => {
    const id = await seedCourse({ client: client.K3, status: 'pending', createdAt: ago(0, 1), pickup: DIXINN });
    await app.db.payment.create({ data: { orderId: `COURSE_${id}`, clientId: client.K3, provider: 'paycard', method: 'paycard', amount: 8_000, status: 'succeeded', courseId: id } });
    const ip = newIp();
    const answer = await app.request('PUT', `/api/admin/courses/${id}/status?new_status=cancelled&reason=${encodeURIComponent('Client injoignable')}`, undefined, { token: admin.token, ip });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Statut mis à jour avec succès', status: 'cancelled' } });

    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'cancelled', cancelReason: 'Client injoignable', cancelledAt: expect.any(Date) });
    expect((await app.db.payment.findUniqueOrThrow({ where: { courseId: id } })).status).toBe('refund_pending');
    expect(await app.db.auditLog.findFirst({ where: { resourceId: id, action: 'course_cancelled' } })).toMatchObject({
      actorId: admin.user.id,
      actorRole: 'admin',
      resourceType: 'course',
      success: true,
      ip,
      details: { from: 'pending', status: 'cancelled', reason: 'Client injoignable' },
    });
    expect(await app.db.outboxEvent.findFirst({ where: { aggregateId: id, type: 'course.status' } })).toMatchObject({
      payload: { courseId: id, clientId: client.K3, courierId: null, status: 'cancelled' },
    });
    expect(await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered`, undefined, { token: admin.token })).toMatchObject({
      status: 409,
      body: { code: 'COURSE_CLOSED', detail: 'Cette course est déjà « Annulée » : son statut ne peut plus changer.' },
    });

    const withoutReason = await seedCourse({ client: client.K3, courier: courier.C, status: 'collected', createdAt: ago(0, 2), pickup: DIXINN });
    expect((await app.request('PUT', `/api/admin/courses/${withoutReason}/status?new_status=cancelled`, undefined, { token: support.token })).status).toBe(200);
    expect((await app.db.course.findUniqueOrThrow({ where: { id: withoutReason } })).cancelReason).toBe("Annulée par l'administration");
  });

  it('deliver a course by hand: final price after discount, cash collected, but no loyalty points nor commission', async () => {
    const id = await seedCourse({ client: client.K4, courier: courier.B, status: 'en_route_delivery', createdAt: ago(0, 3), pickup: MATAM[0]! });
    await app.db.course.update({ where: { id }, data: { discount: 1_000, otpHash: 'hash-of-the-code', paymentMethod: 'cash_on_delivery' } });
    await app.db.payment.create({ data: { orderId: `COURSE_${id}`, clientId: client.K4, provider: 'cash', method: 'cash_on_delivery', amount: 7_000, courseId: id } });
    // A cash course: staff must say whether the courier collected the cash.
    const unanswered = await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered`, undefined, { token: superAdmin.token });
    expect(unanswered).toMatchObject({ status: 400, body: { code: 'CASH_ANSWER_NEEDED' } });
    expect((await app.db.course.findUniqueOrThrow({ where: { id } })).status).toBe('en_route_delivery');
    const answer = await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered&cash_collected=true&reason=Remis%20au%20guichet`, undefined, { token: superAdmin.token });
    expect(answer).toMatchObject({ status: 200, body: { message: 'Statut mis à jour avec succès', status: 'delivered' } });
    // The courier holds the cash now: it adds to what he owes and counts toward his cap.
    expect(await app.db.courierLedgerEntry.findMany({ where: { courseId: id } })).toEqual([
      expect.objectContaining({ courierId: courier.B, account: 'cash', kind: 'cash_collected', amount: 7_000 }),
    ]);

    expect(await app.db.course.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: 'delivered', finalPrice: 7_000, deliveryTime: expect.any(Date), otpHash: null });
    expect(await app.db.payment.findUniqueOrThrow({ where: { courseId: id } })).toMatchObject({ status: 'succeeded', creditedAt: expect.any(Date) });
    expect(await app.db.commission.count({ where: { courseId: id } })).toBe(0);
    expect(await app.db.loyaltyEntry.count({ where: { courseId: id } })).toBe(0);
    expect(await app.db.auditLog.findFirst({ where: { resourceId: id, action: 'course_delivered' } })).toMatchObject({
      actorRole: 'super_admin',
      details: { from: 'en_route_delivery', status: 'delivered', reason: 'Remis au guichet', cash_collected: true },
    });
    expect(await app.db.outboxEvent.findFirst({ where: { aggregateId: id, type: 'course.status' } })).toMatchObject({
      payload: { courseId: id, courierId: courier.B, status: 'delivered' },
    });
  });

  it('deliver a cash course by hand whose courier never collected the cash: nothing is his to hand over', async () => {
    const id = await seedCourse({ client: client.K4, courier: courier.B, status: 'collected', createdAt: ago(0, 3), pickup: MATAM[0]! });
    await app.db.course.update({ where: { id }, data: { paymentMethod: 'cash_on_delivery' } });
    await app.db.payment.create({ data: { orderId: `COURSE_${id}`, clientId: client.K4, provider: 'cash', method: 'cash_on_delivery', amount: 8_000, courseId: id } });
    expect(await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered&cash_collected=maybe`, undefined, { token: admin.token })).toMatchObject({ status: 400 });
    const answer = await app.request('PUT', `/api/admin/courses/${id}/status?new_status=delivered&cash_collected=false`, undefined, { token: admin.token });
    expect(answer.status).toBe(200);
    expect(await app.db.courierLedgerEntry.count({ where: { courseId: id } })).toBe(0);
    expect(await app.db.payment.findUniqueOrThrow({ where: { courseId: id } })).toMatchObject({ status: 'failed', failureReason: 'cash_not_collected' });
  });

  it('refuse other statuses, reasons over 500 characters and unknown courses', async () => {
    const put = (id: string, query: string) => app.request('PUT', `/api/admin/courses/${id}/status?${query}`, undefined, { token: admin.token });
    expect(await put(c.c6, 'new_status=assigned')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect(await put(c.c6, `new_status=cancelled&reason=${'x'.repeat(501)}`)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
    expect((await app.db.course.findUniqueOrThrow({ where: { id: c.c6 } })).status).toBe('pending');
    expect(await put(randomUUID(), 'new_status=cancelled')).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });
    expect(await put('abc', 'new_status=cancelled')).toMatchObject({ status: 404, body: { code: 'COURSE_NOT_FOUND' } });
  });
});

describe('access', () => {
  const routes = (): [string, string][] => [
    ['GET', '/api/dashboard/stats'],
    ['GET', '/api/admin/analytics'],
    ['GET', '/api/admin/users'],
    ['PUT', `/api/users/${client.K1}/toggle-status`],
    ['DELETE', `/api/admin/users/${client.K1}`],
    ['GET', '/api/admin/courses'],
    ['PUT', `/api/admin/courses/${c.c6}/status?new_status=cancelled`],
  ];

  it('refuse clients and couriers (403) and callers without a session (401)', async () => {
    for (const [method, path] of routes()) {
      for (const outsider of [clientK2, courierA]) {
        expect({ method, path, status: (await app.request(method, path, undefined, { token: outsider.token })).status }).toEqual({ method, path, status: 403 });
      }
      expect({ method, path, status: (await app.request(method, path)).status }).toEqual({ method, path, status: 401 });
    }
    expect(await app.db.user.findUniqueOrThrow({ where: { id: client.K1 } })).toMatchObject({ isActive: true, anonymizedAt: null });
    expect((await app.db.course.findUniqueOrThrow({ where: { id: c.c6 } })).status).toBe('pending');
  });
});
