import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { courseNumber } from '@coursa/domain';
import { createAccount, newPhone, signedIn } from '../support/accounts.js';
import { insertCourse } from '../support/courses.js';
import { walkPages } from '../support/pagination.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 38: ops find a course or an account from what a caller tells them: a course number, a phone however it is
// written, a name without its accents, an address; the search keeps the list's filters and pages.

let app: TestApp;
type Account = Awaited<ReturnType<typeof signedIn>>;
let admin: Account, support: Account, client: Account, courier: Account;
/** Mamadou Baldé's phone, written three ways below. */
const BALDE_PHONE = '+224622123456';
const ids = { balde: '', baldeCourse: 0, baldeCourseId: '', carried: '', recipientCourse: '', other: '', ended: '' };
const recipientPhone = newPhone();

const get = (path: string, token = admin.token) => app.request('GET', path, undefined, { token });
const coursesFound = async (q: string, filters = '') => {
  const answer = await get(`/api/admin/courses?q=${encodeURIComponent(q)}${filters}`);
  expect({ q, status: answer.status }).toEqual({ q, status: 200 });
  return answer.body as { id: string; course_number: string }[];
};
const usersFound = async (q: string, filters = '') => {
  const answer = await get(`/api/admin/users?q=${encodeURIComponent(q)}${filters}`);
  expect({ q, status: answer.status }).toEqual({ q, status: 200 });
  return (answer.body as { users: { id: string }[] }).users.map((user) => user.id);
};

beforeAll(async () => {
  app = await startTestApp();
  [admin, support, client, courier] = await Promise.all([signedIn(app, 'admin'), signedIn(app, 'support'), signedIn(app, 'client'), signedIn(app, 'independent_delivery')]);
  const balde = await createAccount(app, 'client');
  ids.balde = balde.user.id;
  await app.db.user.update({ where: { id: ids.balde }, data: { fullName: 'Mamadou Baldé', phone: BALDE_PHONE, email: 'm.balde@exemple.gn' } });
  await app.db.user.update({ where: { id: courier.user.id }, data: { fullName: 'Fodé Soumah' } });
  await app.db.user.update({ where: { id: client.user.id }, data: { fullName: 'Aïssatou Camara' } });

  // Course CRS-000123, as the issue writes it.
  const baldeCourse = await insertCourse(app, { number: 123, clientId: ids.balde, pickupAddress: 'Marché Niger, Kaloum', deliveryAddress: 'Carrefour Bambéto' });
  ids.baldeCourseId = baldeCourse.id;
  ids.baldeCourse = baldeCourse.number;
  ids.carried = (await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'en_route_delivery', deliveryAddress: 'Cité de l’Air' })).id;
  ids.recipientCourse = (await insertCourse(app, { clientId: client.user.id, recipientPhone, deliveryAddress: 'Dixinn Port' })).id;
  ids.ended = (await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'delivered', deliveryAddress: 'Cité de l’Air' })).id;
  ids.other = (await insertCourse(app, { clientId: client.user.id, deliveryAddress: 'Ratoma' })).id;
});
afterAll(async () => {
  await app?.close();
});

describe('the back office search: courses', () => {
  it('finds a course by its number, with or without its prefix and zeros, named by that number', async () => {
    const number = courseNumber(ids.baldeCourse);
    for (const q of [number, number.toLowerCase(), number.slice(4), String(ids.baldeCourse)]) {
      const found = await coursesFound(q);
      expect({ q, found: found.map((course) => course.id) }).toEqual({ q, found: [ids.baldeCourseId] });
      expect(found[0]!.course_number).toBe(number);
    }
  });

  it('finds a course by its client’s phone written three ways, and by its recipient’s phone', async () => {
    for (const q of ['622 12 34 56', '+224622123456', '00224 622-12-34-56']) {
      expect({ q, found: (await coursesFound(q)).map((course) => course.id) }).toEqual({ q, found: [ids.baldeCourseId] });
    }
    const local = recipientPhone.slice(4).replace(/(\d{3})(\d{2})(\d{2})(\d{2})/, '$1 $2 $3 $4');
    expect((await coursesFound(local)).map((course) => course.id)).toEqual([ids.recipientCourse]);
  });

  it('finds a course by a name typed without its accents, in any case, and by its courier', async () => {
    for (const q of ['balde', 'BALDE', 'mamadou baldé', 'Mamadou   Balde']) {
      expect({ q, found: (await coursesFound(q)).map((course) => course.id) }).toEqual({ q, found: [ids.baldeCourseId] });
    }
    expect((await coursesFound('fode soumah')).map((course) => course.id).sort()).toEqual([ids.carried, ids.ended].sort());
    expect((await coursesFound('aissatou')).map((course) => course.id).sort()).toEqual([ids.carried, ids.recipientCourse, ids.ended, ids.other].sort());
  });

  it('finds a merchant’s course by the merchant’s own order reference, case aside, and nothing by a part of it', async () => {
    const ordered = (await insertCourse(app, { clientId: client.user.id, merchantReference: 'CMD-2026-0042', deliveryAddress: 'Lambanyi' })).id;
    for (const q of ['CMD-2026-0042', 'cmd-2026-0042', ' CMD-2026-0042 ']) {
      expect({ q, found: (await coursesFound(q)).map((course) => course.id) }).toEqual({ q, found: [ordered] });
    }
    expect(await coursesFound('CMD-2026')).toEqual([]);
    await app.db.course.delete({ where: { id: ordered } });
  });

  it('finds a course by a part of its pickup or delivery address, accents aside', async () => {
    expect((await coursesFound('bambeto')).map((course) => course.id)).toEqual([ids.baldeCourseId]);
    expect((await coursesFound('marché niger')).map((course) => course.id)).toEqual([ids.baldeCourseId]);
    expect((await coursesFound('cite de l’air')).map((course) => course.id).sort()).toEqual([ids.carried, ids.ended].sort());
  });

  it('keeps the status filter, « En route » included, and finds nothing rather than everything', async () => {
    expect((await coursesFound('cite de l’air', '&status=delivered')).map((course) => course.id)).toEqual([ids.ended]);
    expect((await coursesFound('cite de l’air', '&status=en_route')).map((course) => course.id)).toEqual([ids.carried]);
    expect(await coursesFound('Conakry zzz')).toEqual([]);
    // LIKE's wildcards typed in the box are letters.
    expect(await coursesFound('%%')).toEqual([]);
    expect(await coursesFound('__')).toEqual([]);
  });

  it('pages what it finds like every list: Link to the next page, X-Total-Count of all it finds', async () => {
    const walk = await walkPages(app, '/api/admin/courses?q=aissatou', 'courses', admin.token, 1);
    expect(walk.pages).toBe(4);
    expect(walk.total).toBe(4);
    expect(walk.items.map((course) => course.id).sort()).toEqual([ids.carried, ids.recipientCourse, ids.ended, ids.other].sort());
    const filtered = await get('/api/admin/courses?q=aissatou&status=active');
    expect(filtered.headers.get('x-total-count')).toBe('1');
  });

  it('« En route » lists the courses whose courier is on the road, to the pickup or to the door', async () => {
    const onTheRoad = await insertCourse(app, { clientId: client.user.id, courierId: courier.user.id, status: 'en_route_pickup' });
    const walk = await walkPages(app, '/api/admin/courses?status=en_route', 'courses', admin.token);
    expect(walk.items.map((course) => course.id).sort()).toEqual([ids.carried, onTheRoad.id].sort());
    expect(walk.total).toBe(2);
  });

  it('gives each course its number, its client’s, courier’s and recipient’s phones and its payment mode', async () => {
    const [carried] = await coursesFound(courseNumber((await app.db.course.findUniqueOrThrow({ where: { id: ids.carried } })).number));
    expect(carried).toMatchObject({
      client_phone: client.phone,
      delivery_person_name: 'Fodé Soumah',
      delivery_person_phone: courier.phone,
      payment_method: 'cash_on_delivery',
    });
    const [recipients] = await coursesFound(recipientPhone);
    expect(recipients).toMatchObject({ recipient_phone: recipientPhone, delivery_person_phone: null });
  });
});

describe('the back office search: accounts', () => {
  it('finds an account by its phone in any format, its name without accents, its e-mail or its number', async () => {
    for (const q of ['622 12 34 56', '+224 622 12 34 56', '00224 622-12-34-56', 'balde', 'M.BALDE@exemple', 'exemple.gn']) {
      expect({ q, found: await usersFound(q) }).toEqual({ q, found: [ids.balde] });
    }
    const number = (await app.db.user.findUniqueOrThrow({ where: { id: ids.balde } })).number;
    expect(await usersFound(`USR-${String(number).padStart(6, '0')}`)).toEqual([ids.balde]);
  });

  it('keeps the role filter, and never finds a deleted account', async () => {
    expect(await usersFound('balde', '&role=client')).toEqual([ids.balde]);
    expect(await usersFound('balde', '&role=admin')).toEqual([]);
    expect(await usersFound('soumah', '&role=independent_delivery')).toEqual([courier.user.id]);
    const gone = await createAccount(app, 'client');
    await app.db.user.update({ where: { id: gone.user.id }, data: { fullName: 'Kadiatou Baldé', anonymizedAt: new Date() } });
    expect(await usersFound('kadiatou')).toEqual([]);
    const answer = await get('/api/admin/users?q=balde');
    expect(answer.headers.get('x-total-count')).toBe('1');
  });

  it('is open to support as to admins', async () => {
    expect((await get('/api/admin/users?q=balde', support.token)).status).toBe(200);
    expect((await get('/api/admin/courses?q=balde', support.token)).status).toBe(200);
  });
});

describe('the back office search: refusals', () => {
  it('refuses a client and a courier (403) and a caller without a token (401)', async () => {
    for (const path of ['/api/admin/courses?q=balde', '/api/admin/users?q=622123456']) {
      for (const token of [client.token, courier.token]) {
        expect(await get(path, token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
      }
      expect((await app.request('GET', path)).status).toBe(401);
    }
  });

  it('refuses in French a search too long, too short or given twice; a blank one is no search', async () => {
    const refusals: [string, string][] = [
      [`q=${'a'.repeat(101)}`, 'La recherche ne peut pas dépasser 100 caractères.'],
      ['q=a', 'La recherche doit contenir au moins 2 caractères.'],
      ['q=ab&q=cd', 'La recherche doit être un texte (un seul paramètre « q »).'],
    ];
    for (const [query, detail] of refusals) {
      for (const list of ['courses', 'users']) {
        const answer = await get(`/api/admin/${list}?${query}`);
        expect({ list, query, status: answer.status, body: answer.body }).toEqual({ list, query, status: 400, body: { code: 'VALIDATION_ERROR', detail } });
      }
    }
    expect((await get(`/api/admin/courses?q=${'a'.repeat(100)}`)).status).toBe(200);
    const blank = await get('/api/admin/courses?q=%20%20');
    expect(blank.status).toBe(200);
    expect(blank.headers.get('x-total-count')).toBe(String(await app.db.course.count()));
  });
});
