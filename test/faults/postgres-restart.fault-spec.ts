import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { newPhone, signedIn } from '../support/accounts.js';
import { sleep, waitUntil } from '../support/wait.js';
import { startCoursa, type Coursa } from './support/coursa.js';
import { recordFigures } from './support/figures.js';
import { query, startPrivatePostgres, startPrivateRedis, type PrivatePostgres, type PrivateRedis } from './support/services.js';

// PostgreSQL crashes (immediate shutdown: no checkpoint, crash recovery at start) while clients are ordering
// courses, and comes back 2 seconds later. No course may be half-created, none may be lost (a client retries
// with the same Idempotency-Key, as the web app does), none created twice, and the API recovers by itself.
let postgres: PrivatePostgres;
let redis: PrivateRedis;
let coursa: Coursa;

beforeAll(async () => {
  [postgres, redis] = await Promise.all([startPrivatePostgres(), startPrivateRedis()]);
  coursa = await startCoursa(postgres, redis);
}, 120_000);

afterAll(async () => {
  await coursa?.close();
  await Promise.all([postgres?.stop(), redis?.stop()]);
});

const MADINA = { address: 'Marché Madina', latitude: 9.5456, longitude: -13.6566 };
const KALOUM = { address: 'Kaloum', latitude: 9.5092, longitude: -13.7122 };
const LANES = 6;
const PER_LANE = 15;

it('a crash of PostgreSQL while courses are ordered leaves no half-created course and loses none', async () => {
  const clients = await Promise.all(Array.from({ length: LANES }, () => signedIn(coursa)));
  const orders = clients.map(({ token }) => Array.from({ length: PER_LANE }, () => ({ token, recipient: newPhone(), key: randomUUID() })));
  let replayed = 0;
  const order = ({ token, recipient, key }: (typeof orders)[number][number]) =>
    coursa
      .request('POST', '/api/courses', { pickup_location: MADINA, delivery_location: KALOUM, recipient_phone: recipient, payment_method: 'cash_on_delivery' }, { token, headers: { 'idempotency-key': key } })
      .then(
        (answer) => {
          if (answer.headers.get('idempotent-replayed')) replayed += 1;
          return answer.status;
        },
        () => 'no answer' as const,
      );

  const statuses: (number | string)[] = [];
  let crash: Promise<void> | undefined;
  // Each lane orders one course after another; PostgreSQL dies once a quarter of them are answered.
  await Promise.all(
    orders.map(async (lane) => {
      for (const attempt of lane) {
        statuses.push(await order(attempt));
        if (!crash && statuses.length >= (LANES * PER_LANE) / 4) {
          crash = postgres.crash().then(() => sleep(2_000)).then(() => postgres.start());
        }
      }
    }),
  );
  await crash;
  const tally = Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]));
  // Refused for the time PostgreSQL was away (503), never an internal error or a hang.
  expect(Object.keys(tally).sort()).toEqual(expect.arrayContaining(['201', '503']));
  expect(Object.keys(tally).filter((status) => status !== '201' && status !== '503')).toEqual([]);

  // The API recovers by itself; the clients retry what was refused, with the same keys.
  await waitUntil('the API to answer again', async () => (await coursa.request('GET', '/api/health')).status === 200, 30_000, 100);
  // An order whose course was committed as PostgreSQL died, but whose answer was lost, is replayed, not redone.
  replayed = 0;
  for (const attempt of orders.flat()) expect(await order(attempt)).toBe(201);

  // One course per order, each whole: its payment, its delivery code text, its audit line.
  const rows = await query<{ recipient_phone: string; payments: number; texts: number; audits: number }>(
    postgres.url,
    `SELECT c.recipient_phone,
            (SELECT count(*)::int FROM payments p WHERE p.course_id = c.id) AS payments,
            (SELECT count(*)::int FROM outbox_events o WHERE o.aggregate_id = c.id::text AND o.type = 'sms') AS texts,
            (SELECT count(*)::int FROM audit_logs a WHERE a.resource_id = c.id::text AND a.action = 'course_created') AS audits
       FROM courses c`,
  );
  const recipients = orders.flat().map((attempt) => attempt.recipient);
  expect(rows.map((row) => row.recipient_phone).sort()).toEqual([...recipients].sort());
  // Two texts each: the delivery code and the tracking link.
  for (const row of rows) expect(row).toMatchObject({ payments: 1, texts: 2, audits: 1 });

  // And every recipient gets the code, once.
  await waitUntil('every delivery code to be texted', () => recipients.every((phone) => coursa.outbox.lines().some((line) => line.to === phone && line.kind === 'delivery_otp')), 30_000, 100);
  for (const phone of recipients) expect(coursa.outbox.lines().filter((line) => line.to === phone && line.kind === 'delivery_otp')).toHaveLength(1);

  recordFigures('postgres-restart', {
    orders: recipients.length,
    answers_during_run: tally,
    retries_answered_from_a_course_made_before: replayed - tally['201']!,
    courses: rows.length,
    half_created: rows.filter((row) => row.payments !== 1 || row.texts !== 1 || row.audits !== 1).length,
    lost: recipients.length - new Set(rows.map((row) => row.recipient_phone)).size,
  });
});
