import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ACTIVE_STATUSES, courierBalances, type CourseStatus, type Role } from '@coursa/domain';
import { randomUUID } from 'node:crypto';
import { createAccount, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { couriersIn, nextCursorOf, nextLinkOf, walkPages } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Every list comes in pages (README "Lists come in pages"). For each paged route: walked a few items at a time by
// following each page's Link header, every item comes exactly once, in the list's order, each page but the last full
// and the last one without a Link — with rows sharing their timestamp, which only the id orders; the lists the spec
// answers as arrays answer arrays, the counted ones say X-Total-Count; a filter holds across pages; limit 0, 101 or not
// a number and a cursor that is garbage, garbled or another list's are a 400 in French; and a cursor taken from
// someone else's list shows the caller their own rows only.

let app: TestApp;
type Account = Awaited<ReturnType<typeof signedIn>>;
let clientA: Account, clientB: Account, courier: Account, otherCourier: Account, admin: Account, superAdmin: Account;

const T0 = Date.now() - 10 * 86_400_000;
/** Three rows per minute: rows sharing a timestamp are ordered by their id alone. */
const at = (index: number) => new Date(T0 + Math.floor(index / 3) * 60_000);
const STATUSES: CourseStatus[] = ['pending', 'assigned', 'delivered', 'cancelled', 'collected'];

beforeAll(async () => {
  app = await startTestApp();
  [clientA, clientB, courier, otherCourier, admin, superAdmin] = await Promise.all([
    signedIn(app, 'client'),
    signedIn(app, 'client'),
    signedIn(app, 'independent_delivery'),
    signedIn(app, 'independent_delivery'),
    signedIn(app, 'admin'),
    signedIn(app, 'super_admin'),
  ]);
  await app.db.user.update({ where: { id: courier.user.id }, data: { isAvailable: true } });

  // Client A: 25 courses, the courier's when not pending; client B: 3 pending ones in between.
  const courses: { id: string; status: CourseStatus }[] = [];
  for (let index = 0; index < 25; index++) {
    const status = STATUSES[index % STATUSES.length]!;
    const course = await insertCourse(app, { clientId: clientA.user.id, courierId: status === 'pending' ? null : courier.user.id, status, createdAt: at(index) });
    courses.push(course);
  }
  for (let index = 0; index < 3; index++) await insertCourse(app, { clientId: clientB.user.id, createdAt: new Date(at(index * 7).getTime() + 1) });

  // The courier's money: a commission per course carried, payouts, ledger entries; other couriers with commissions and cash.
  const carried = courses.filter((course) => course.status !== 'pending');
  for (const [index, course] of carried.entries()) {
    await app.db.commission.create({
      data: { courierId: courier.user.id, courseId: course.id, courseAmount: 12_000, rateBps: 7000, amount: 8400, status: index % 2 ? 'paid' : 'pending', createdAt: at(index) },
    });
  }
  for (let index = 0; index < 9; index++) {
    await app.db.payout.create({
      data: { courierId: courier.user.id, periodStart: at(0), periodEnd: at(1), totalCourses: 1, totalCommission: 8400, reference: `PAGE-${randomUUID()}`, createdAt: at(index) },
    });
  }
  for (let index = 0; index < 12; index++) {
    await app.db.courierLedgerEntry.create({ data: { courierId: courier.user.id, account: 'earnings', kind: 'adjustment', amount: 100 + index, reason: 'Correction', createdAt: at(index) } });
  }
  const others: string[] = [];
  for (let index = 0; index < 8; index++) {
    const { user } = await createAccount(app, 'salaried_delivery');
    others.push(user.id);
    const course = await insertCourse(app, { clientId: clientB.user.id, courierId: user.id, status: 'delivered', createdAt: at(index) });
    await app.db.commission.create({ data: { courierId: user.id, courseId: course.id, courseAmount: 10_000, rateBps: 6000, amount: 6000, createdAt: at(index + 1) } });
    // Equal cash amounts two by two: the name, then the id, orders them.
    await app.db.courierLedgerEntry.create({ data: { courierId: user.id, account: 'cash', kind: 'adjustment', amount: 10_000 * (1 + Math.floor(index / 2)), reason: 'Espèces', createdAt: at(index) } });
    await app.db.payoutRequest.create({ data: { courierId: user.id, amount: 5000, reason: 'early_payment', status: (['pending', 'approved', 'rejected'] as const)[index % 3], createdAt: at(index % 4) } });
  }
  // A courier whose two pending commissions were made at the same moment, their oldest as old as another courier's:
  // listed once, the id ordering the two couriers.
  const { user: twice } = await createAccount(app, 'salaried_delivery');
  for (let index = 0; index < 2; index++) {
    const course = await insertCourse(app, { clientId: clientB.user.id, courierId: twice.id, status: 'delivered', createdAt: at(2) });
    await app.db.commission.create({ data: { courierId: twice.id, courseId: course.id, courseAmount: 10_000, rateBps: 6000, amount: 6000, createdAt: at(3) } });
  }
  for (let index = 0; index < 9; index++) {
    const course = courses[index]!;
    await app.db.dispute.create({ data: { courseId: course.id, clientId: clientA.user.id, type: 'damage', reason: 'Colis abîmé', createdAt: at(index) } });
    await app.db.supportRequest.create({ data: { courseId: course.id, requesterId: courier.user.id, issue: 'Adresse introuvable', createdAt: at(index) } });
    const payment = await app.db.payment.create({
      data: { orderId: `COURSE_PAGE_${randomUUID()}`, clientId: clientA.user.id, provider: 'paycard', method: 'paycard', amount: 12_000, status: 'succeeded' },
    });
    await app.db.refund.create({
      data: {
        paymentId: payment.id,
        courseId: course.id,
        clientId: clientA.user.id,
        amount: 12_000,
        reference: `RF-${randomUUID()}`,
        status: (['to_do', 'processing', 'completed', 'failed'] as const)[index % 4],
        createdAt: at(index % 3),
      },
    });
  }
}, 120_000);

afterAll(async () => {
  await app?.close();
});

/** Reads a list from its first page, `limit` at a time (each page's size and cursor checked), and names its items. */
async function walk(path: string, key: string, token: string, limit: number, idOf: (item: any) => string = (item) => item.id, sizeOf?: (page: any[]) => number) {
  const walked = await walkPages(app, path, key, token, limit, { sizeOf });
  return { ...walked, ids: walked.items.map(idOf) };
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const newestFirst = [{ createdAt: 'desc' }, { id: 'desc' }] as const;
const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface PagedRoute {
  path: string;
  key: string;
  caller: () => Account;
  limit: number;
  /** The whole list, in its order, as the database has it. */
  expected: () => Promise<string[]>;
  idOf?: (item: any) => string;
  /** Answers say how many match in all (X-Total-Count). */
  counted?: true;
  /** The spec answers the list as a bare array: the page's items alone. */
  array?: true;
  /** What `limit` counts, when not the items. */
  sizeOf?: (page: any[]) => number;
}

const ROUTES: PagedRoute[] = [
  {
    path: '/api/courses',
    array: true,
    key: 'courses',
    caller: () => clientA,
    limit: 7,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ where: { OR: [{ clientId: clientA.user.id }, { courierId: clientA.user.id }] }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/courses?status=active',
    array: true,
    key: 'courses',
    caller: () => clientA,
    limit: 2,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ where: { clientId: clientA.user.id, status: { in: [...ACTIVE_STATUSES] } }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/delivery/available-courses',
    array: true,
    key: 'courses',
    caller: () => courier,
    limit: 3,
    expected: async () => ids(await app.db.course.findMany({ where: { status: 'pending', courierId: null }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })),
  },
  {
    path: '/api/delivery/history',
    array: true,
    key: 'deliveries',
    caller: () => courier,
    limit: 6,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ where: { courierId: courier.user.id }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/delivery/history?status=delivered',
    array: true,
    key: 'deliveries',
    caller: () => courier,
    limit: 2,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ where: { courierId: courier.user.id, status: 'delivered' }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/delivery/commission-history',
    array: true,
    key: 'commissions',
    caller: () => courier,
    limit: 6,
    expected: async () => ids(await app.db.commission.findMany({ where: { courierId: courier.user.id }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/delivery/payment-history',
    array: true,
    key: 'payments',
    caller: () => courier,
    limit: 4,
    expected: async () => ids(await app.db.payout.findMany({ where: { courierId: courier.user.id }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/delivery/ledger',
    key: 'entries',
    caller: () => courier,
    limit: 5,
    expected: async () => ids(await app.db.courierLedgerEntry.findMany({ where: { courierId: courier.user.id }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/users',
    key: 'users',
    caller: () => admin,
    limit: 4,
    counted: true,
    expected: async () => ids(await app.db.user.findMany({ where: { anonymizedAt: null }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/users?role=salaried_delivery',
    key: 'users',
    caller: () => admin,
    limit: 3,
    counted: true,
    expected: async () => ids(await app.db.user.findMany({ where: { anonymizedAt: null, role: 'salaried_delivery' }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/courses',
    array: true,
    key: 'courses',
    caller: () => admin,
    limit: 8,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/courses?status=pending',
    array: true,
    key: 'courses',
    caller: () => admin,
    limit: 3,
    counted: true,
    expected: async () => ids(await app.db.course.findMany({ where: { status: 'pending' }, orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/disputes',
    array: true,
    key: 'disputes',
    caller: () => admin,
    limit: 4,
    expected: async () => ids(await app.db.dispute.findMany({ orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/support-requests',
    array: true,
    key: 'support_requests',
    caller: () => admin,
    limit: 4,
    expected: async () => ids(await app.db.supportRequest.findMany({ orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/commissions/pending',
    key: 'commissions',
    caller: () => admin,
    limit: 3,
    // One item per commission; a page holds `limit` couriers, each with all their pending commissions.
    sizeOf: couriersIn,
    // Couriers by their oldest pending commission, then by id; each courier's oldest first.
    expected: async () => {
      const pending = await app.db.commission.findMany({ where: { status: 'pending' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
      const oldest = new Map<string, number>();
      for (const commission of pending) oldest.set(commission.courierId, Math.min(oldest.get(commission.courierId) ?? Infinity, commission.createdAt.getTime()));
      const couriers = [...oldest.entries()].sort(([a, first], [b, second]) => first - second || asc(a, b)).map(([courierId]) => courierId);
      return couriers.flatMap((courierId) => ids(pending.filter((commission) => commission.courierId === courierId)));
    },
  },
  {
    path: '/api/admin/payment-requests',
    key: 'requests',
    caller: () => admin,
    limit: 3,
    expected: async () => ids(await app.db.payoutRequest.findMany({ orderBy: [{ status: 'asc' }, ...newestFirst] })),
  },
  {
    path: '/api/admin/payouts',
    array: true,
    key: 'payouts',
    caller: () => admin,
    limit: 4,
    expected: async () => ids(await app.db.payout.findMany({ orderBy: [...newestFirst] })),
  },
  {
    path: '/api/admin/cash',
    key: 'couriers',
    caller: () => admin,
    limit: 3,
    idOf: (row) => row.courier_id,
    // Those who owe the most first, then those who hold the most, then by name and id.
    expected: async () => {
      const sums = new Map<string, { earnings: number; cash: number; deposited: number }>();
      for (const entry of await app.db.courierLedgerEntry.findMany()) {
        const own = sums.get(entry.courierId) ?? { earnings: 0, cash: 0, deposited: 0 };
        own[entry.account] += entry.amount;
        sums.set(entry.courierId, own);
      }
      const couriers = await app.db.user.findMany({ where: { id: { in: [...sums.keys()] } } });
      const rows = couriers.map((user) => ({ id: user.id, name: user.fullName, ...courierBalances(sums.get(user.id)!) }));
      rows.sort((a, b) => b.cash_owed - a.cash_owed || b.cash_held - a.cash_held || a.name.localeCompare(b.name) || asc(a.id, b.id));
      return ids(rows);
    },
  },
  {
    path: '/api/admin/refunds',
    key: 'refunds',
    caller: () => admin,
    limit: 2,
    expected: async () => ids(await app.db.refund.findMany({ orderBy: [{ status: 'asc' }, { createdAt: 'asc' }, { id: 'asc' }] })),
  },
  {
    path: '/api/admin/refunds?status=to_do',
    key: 'refunds',
    caller: () => admin,
    limit: 2,
    expected: async () => ids(await app.db.refund.findMany({ where: { status: 'to_do' }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] })),
  },
  {
    path: '/api/super-admin/audit-logs',
    key: 'logs',
    caller: () => superAdmin,
    limit: 3,
    expected: async () => ids(await app.db.auditLog.findMany({ orderBy: [{ at: 'desc' }, { id: 'desc' }] })),
  },
];

describe.each(ROUTES)('GET $path', (route) => {
  it('walks every item once, in order, page after page, to a null cursor', async () => {
    const expected = await route.expected();
    // Several full pages, and rows sharing a timestamp among them.
    expect(expected.length).toBeGreaterThan(route.limit);
    const walked = await walk(route.path, route.key, route.caller().token, route.limit, route.idOf, route.sizeOf);
    expect(walked.ids).toEqual(expected);
    expect(walked.pages).toBe(Math.ceil((route.sizeOf ? route.sizeOf(walked.items) : expected.length) / route.limit));
    expect(Array.isArray(walked.first)).toBe(route.array === true);
    if (route.counted) expect(walked.total).toBe(expected.length);
    else expect(walked.total).toBeUndefined();
    // The lists answered as objects also say the count beside their items, as they did.
    if (route.counted && !route.array) expect(walked.first.total).toBe(expected.length);
    else expect(walked.first).not.toHaveProperty('total');
  });

  it('links the next page with its cursor and every other parameter kept, and the last page to none', async () => {
    const token = route.caller().token;
    const separator = route.path.includes('?') ? '&' : '?';
    const first = await app.request('GET', `${route.path}${separator}limit=1`, undefined, { token });
    expect(first.status).toBe(200);
    const cursor = nextCursorOf(first);
    expect(cursor).toEqual(expect.any(String));
    expect(first.headers.get('link')).toBe(`<${route.path}${separator}limit=1&cursor=${cursor}>; rel="next"`);
    const last = await app.request('GET', `${route.path}${separator}limit=100`, undefined, { token });
    expect(last.status).toBe(200);
    expect(last.headers.get('link')).toBeNull();
    if (route.counted) expect(last.headers.get('x-total-count')).toBe(first.headers.get('x-total-count'));
    else expect(last.headers.get('x-total-count')).toBeNull();
  });

  it('refuses a limit out of 1–100 and a cursor it did not make, in French', async () => {
    const get = (query: string) => app.request('GET', `${route.path}${route.path.includes('?') ? '&' : '?'}${query}`, undefined, { token: route.caller().token });
    for (const limit of ['0', '101', 'abc', '-5', '2.5']) {
      expect(await get(`limit=${limit}`)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', detail: 'Le paramètre « limit » doit être un nombre entier entre 1 et 100.' },
      });
    }
    // A list sorted on other keys: the refunds' cursor is (status, date, id), the payouts' (date, id).
    const otherList = route.path.includes('refunds') ? '/api/admin/payouts?limit=1' : '/api/admin/refunds?limit=1';
    const otherCursor = nextCursorOf(await app.request('GET', otherList, undefined, { token: admin.token }))!;
    // A cursor of this list's Link, garbled: cut short, or one character changed.
    const ownCursor = nextCursorOf(await get('limit=1'))!;
    const garbled = [ownCursor.slice(0, Math.floor(ownCursor.length / 2)), `${ownCursor.slice(0, 3)}!${ownCursor.slice(4)}`];
    for (const cursor of ['garbage!', 'bm90LWpzb24', Buffer.from('["yesterday","nobody"]').toString('base64url'), otherCursor, 'x'.repeat(600), ...garbled]) {
      expect(await get(`cursor=${cursor}`)).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', detail: 'Le paramètre « cursor » est invalide : rechargez la liste depuis le début.' },
      });
    }
    expect((await get('limit=100')).status).toBe(200);
  });
});

describe('a cursor says where to resume, never whose rows', () => {
  const firstCursor = async (path: string, token: string) => {
    const answer = await app.request('GET', `${path}?limit=2`, undefined, { token });
    expect(nextCursorOf(answer)).toEqual(expect.any(String));
    return nextCursorOf(answer)!;
  };

  it("a client paging with a cursor from another client's list sees only their own courses", async () => {
    const cursor = await firstCursor('/api/courses', clientA.token);
    const mine = ids(await app.db.course.findMany({ where: { clientId: clientB.user.id } }));
    const page = await app.request('GET', `/api/courses?limit=100&cursor=${cursor}`, undefined, { token: clientB.token });
    expect(page.status).toBe(200);
    expect(page.body.length).toBeGreaterThan(0);
    for (const course of page.body) expect(mine).toContain(course.id);
    expect(page.headers.get('x-total-count')).toBe(String(mine.length));
  });

  it("a courier paging with another courier's cursor sees only their own deliveries, commissions, payouts and entries", async () => {
    for (const [path, key] of [
      ['/api/delivery/history', 'deliveries'],
      ['/api/delivery/commission-history', 'commissions'],
      ['/api/delivery/payment-history', 'payments'],
      ['/api/delivery/ledger', 'entries'],
    ] as const) {
      const cursor = await firstCursor(path, courier.token);
      const page = await app.request('GET', `${path}?cursor=${cursor}`, undefined, { token: otherCourier.token });
      expect(page).toMatchObject({ status: 200, body: key === 'entries' ? { entries: [], next_cursor: null } : [] });
      expect(nextLinkOf(page)).toBeNull();
    }
  });

  it('an unavailable courier is offered nothing, cursor or not', async () => {
    const cursor = await firstCursor('/api/delivery/available-courses', courier.token);
    const page = await app.request('GET', `/api/delivery/available-courses?cursor=${cursor}`, undefined, { token: otherCourier.token });
    expect(page).toMatchObject({ status: 200, body: [] });
    expect(nextLinkOf(page)).toBeNull();
  });

  it('a filter holds across pages: every page of active courses holds active courses only', async () => {
    const walked = await walk('/api/admin/courses?status=active', 'courses', admin.token, 2);
    const statuses = await app.db.course.findMany({ where: { id: { in: walked.ids } }, select: { status: true } });
    expect(statuses.length).toBe(walked.ids.length);
    for (const { status } of statuses) expect(ACTIVE_STATUSES).toContain(status);
    expect(walked.ids.length).toBe(await app.db.course.count({ where: { status: { in: [...ACTIVE_STATUSES] } } }));
  });

  it.each<[Role, string]>([
    ['client', '/api/admin/users'],
    ['independent_delivery', '/api/admin/courses'],
    ['support', '/api/super-admin/audit-logs'],
  ])('a %s still cannot read %s with a cursor', async (role, path) => {
    const cursor = await firstCursor(path, role === 'support' ? superAdmin.token : admin.token);
    const caller = await signedIn(app, role);
    expect((await app.request('GET', `${path}?cursor=${cursor}`, undefined, { token: caller.token })).status).toBe(403);
  });
});
