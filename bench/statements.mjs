// `node bench/statements.mjs [out-file]`: the statements Coursa sends for one request of each engine scenario, read off
// PostgreSQL's statement log (log_statement = 'all' on the bench's database for the run), so that the baseline
// (bench/bare-engine.mjs) can be kept sending the same ones. PG_LOG: the server's log file (Debian's by default).
import pg from 'pg';
import { statSync, readFileSync, writeFileSync } from 'node:fs';
import { DATABASE_URL, freshDatabase, startApi, stop, clearRedis } from './api-support.mjs';
import { seedEngine, prepareWrites, tokenFor, OTP } from './engine-seed.mjs';
await freshDatabase();
const db = new pg.Client({ connectionString: DATABASE_URL }); await db.connect();
const people = await seedEngine(db, { clients: 20, couriers: 20, history: 20, waiting: 50 });
const acc = await prepareWrites(db, 'accept', 2, people);
const st = await prepareWrites(db, 'step', 2, people);
const ho = await prepareWrites(db, 'handover', 2, people);
await db.query(`ALTER DATABASE coursa_bench_api SET log_statement = 'all'`);
const api = await startApi(3921, 'capture');
const L = process.env.PG_LOG ?? '/var/log/postgresql/postgresql-15-main.log';
const out = [];
const call = async (label, method, path, user, body) => {
  const start = statSync(L).size;
  const r = await fetch(`http://127.0.0.1:3921${path}`, { method, headers: { authorization: `Bearer ${tokenFor(user)}`, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body && JSON.stringify(body) });
  const text = await r.text();
  await new Promise((res) => setTimeout(res, 300));
  const log = readFileSync(L, 'utf8').slice(start).split('\n').filter((l) => /LOG:  (statement|execute)/.test(l)).map((l) => l.replace(/^.*?LOG:  /, '').replace(/"public"\./g, '').slice(0, 260));
  out.push(`## ${label} ${r.status} ${text.slice(0, 120)}\n${log.join('\n')}\n`);
};
const c = people.clients[1], k = people.couriers[1];
for (const i of [0, 1]) {
  await call('create', 'POST', '/api/courses', c, { pickup_location: { address: 'Marché Madina', latitude: 9.55, longitude: -13.66 }, delivery_location: { address: 'Bambeto', latitude: 9.62, longitude: -13.61 }, recipient_phone: '+224621234567', description: 'Un colis', package_type: 'petit', payment_method: 'cash_on_delivery' });
  await call('tracking', 'GET', `/api/courses/${people.tracked[1]}/tracking`, people.clients[2]);
  await call('available', 'GET', '/api/delivery/available-courses', k);
  await call('earnings', 'GET', '/api/delivery/earnings', k);
  await call('accept', 'POST', `/api/delivery/accept-course/${acc[i].id}`, acc[i].courier);
  await call('step', 'POST', `/api/delivery/course/${st[i].id}/update-status?new_status=en_route_pickup`, st[i].courier);
  await call('handover', 'POST', `/api/delivery/course/${ho[i].id}/verify-otp`, ho[i].courier, { otp: OTP });
}
writeFileSync(process.argv[2] ?? 'bench/results/statements.txt', out.join('\n'));
console.log(`written to ${process.argv[2] ?? 'bench/results/statements.txt'}`);
await stop(api);
await db.query(`ALTER DATABASE coursa_bench_api RESET log_statement`);
await db.end();
await clearRedis('capture');
