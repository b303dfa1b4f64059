// Scenario `place-search` (issue 39): search as you type, GET /api/places/suggestions, through the real API (its own
// process, production mode) on a database holding 100 000 places of the book and 2 000 000 course addresses (the pickup
// and delivery texts of 1 000 000 courses of 20 000 clients), made from a few hundred Conakry words. The client
// searching has 50 past courses and 5 saved places. A dozen texts as typed (accent-less, misspelt, a prefix while
// typing), each sent one request at a time after a warm-up: p50/p95/p99 per text, then all of them at once from 10
// connections. The place index's scans per request (pg_stat_user_indexes) say the trigram index was used.
// BENCH_PLACES, BENCH_PLACES_COURSES, BENCH_PLACES_RUNS change the sizes; BENCH_PLACES_KEEP=1 keeps a filled database
// (coursa_bench_places) for the next run instead of filling it again.
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { performance } from 'node:perf_hooks';
import { deploy } from '../scripts/lib/migrations.mjs';
import { ADMIN_URL, SECRET_KEY, apiEnv, clearRedis, stop } from './api-support.mjs';
import { percentiles, record, startProcess } from './lib.mjs';

const PLACES = Number(process.env.BENCH_PLACES ?? 100_000);
/** Courses in the table, each with two addresses. */
const COURSES = Number(process.env.BENCH_PLACES_COURSES ?? 1_000_000);
const CLIENTS = 20_000;
const OWN_COURSES = 50;
const RUNS = Number(process.env.BENCH_PLACES_RUNS ?? 200);
const WARMUP = 20;
const CONCURRENT_SECONDS = 10;
const CONNECTIONS = 10;
const KEEP = process.env.BENCH_PLACES_KEEP === '1';
const PORT = 3921;
const DATABASE = 'coursa_bench_places';
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:5432/${DATABASE}`;
const BENCH_PHONE = '+224620000091';
/** Where she is (the GPS or the map's centre), sent with most searches. */
const AT = { lat: '9.6012', lng: '-13.6378' };

// The words places and addresses are made of: what Conakry's clients type.
const KINDS = [
  'Carrefour', 'Marché', 'Rond-point', 'Station Total', 'Station Shell', 'Pharmacie', 'École primaire', 'Lycée', 'Mosquée', 'Église',
  'Boulangerie', 'Hôpital', 'Clinique', 'Gare routière', 'Stade', 'Université', 'Hôtel', 'Restaurant', 'Cité', 'Terrain de foot',
  'Plage', 'Port de pêche', 'Pont', 'Garage', 'Boutique', 'Immeuble', 'Résidence', 'Centre de santé', 'Commissariat', 'Mairie',
  'Banque', 'Supermarché', 'Dépôt de gaz', 'Cabine Orange', 'Quincaillerie', 'Salon de coiffure', 'Atelier couture', 'Cimetière',
  'Camp militaire', 'Ambassade', 'Kiosque', 'Cyber', 'Maquis', 'Dibiterie', 'Pressing', 'Menuiserie', 'Église catholique',
  'Grande mosquée', 'Collège', 'Centre commercial',
];
const QUARTERS = [
  'Bambéto', 'Madina', 'Kaloum', 'Hamdallaye', 'Kipé', 'Ratoma', 'Taouyah', 'Dixinn', 'Matam', 'Matoto', 'Lambanyi', 'Nongo', 'Cosa',
  'Koloma', 'Cimenterie', 'Sonfonia', 'Gbessia', 'Enco 5', 'Kagbélen', 'Dabompa', 'Kaporo', 'Almamya', 'Boulbinet', 'Sandervalia',
  'Coronthie', 'Tombo', 'Camayenne', 'Landréah', 'Belle-vue', 'Minière', 'Yimbaya', 'Bonfi', 'Dabondy', 'Tannerie', 'Simbaya',
  'Kissosso', 'Sangoyah', 'Hafia', 'Donka', 'Kénien', 'Concasseur', 'Wanindara', 'Kobaya', 'Lansébounyi', 'Kakimbo', 'Yattaya',
  'Fossidet', 'Dar-es-Salam', 'Cameroun', 'Kountia', 'Manéah', 'Entag', 'Kaporo Rails', 'Nongo Taady', 'Hermakonon', 'Sangoyah Mosquée',
  'Gbessia Port', 'Tombolia', 'Kagbélen Gare', 'Sonfonia Gare', 'Aviation', 'Bellevue Marché', 'Boussoura', 'Madina Marché',
];
const NAMES = [
  'Diallo', 'Camara', 'Soumah', 'Bangoura', 'Sylla', 'Touré', 'Condé', 'Barry', 'Bah', 'Keïta', 'Kourouma', 'Fofana', 'Cissé', 'Traoré',
  'Sow', 'Baldé', 'Doumbouya', 'Kaba', 'Kanté', 'Konaté', 'Sidibé', 'Yansané', 'Fadiga', 'Loua', 'Haba', 'Guilavogui', 'Millimono',
  'Tounkara', 'Magassouba', 'Mara', 'Nabé', 'Sampil', 'Chérif', 'Tall', 'Oularé', 'Kalissa', 'Dramé', 'Sacko', 'El Hadj Oumar', 'Mamadou',
  'Fatoumata', 'Aïssatou', 'Mariama', 'Ibrahima', 'Ousmane', 'Alpha', 'Sékou', 'Abdoulaye', 'Kadiatou', 'Hawa', 'Binta', 'Nènè',
  'Saliou', 'Thierno', 'Amadou', 'Lansana', 'Moussa', 'Djénabou', 'Tantie Aïssata', 'Elhadj Sow',
];
const HINTS = [
  '', '', '', ', à côté de la pharmacie', ', en face de la mosquée', ', portail bleu', ', derrière le marché', ', près du carrefour',
  ', 2e étage', ', après le pont', ', en face de la station', ", à côté de l'école", ', portail noir', ', maison jaune',
  ', au bout de la ruelle', ", près du château d'eau", ', derrière la boulangerie', ', à gauche après le terrain', ', immeuble blanc',
  ', près des rails', ', côté goudron', ', appeler en arrivant', ', demander le gardien', ', porte verte', ', 3e maison à droite',
];
console.log(`${KINDS.length + QUARTERS.length + NAMES.length + HINTS.length} words and hints`);

/** The texts a search types, with where she is or not. */
const CASES = [
  ['bambeto', 'accent-less', AT],
  ['bambeto', 'accent-less, no point', null],
  ['bambetto', 'misspelt', AT],
  ['carefour bambeto', 'misspelt, two words', AT],
  ['ka', 'prefix while typing (2 letters)', AT],
  ['ka', 'prefix while typing (2 letters), no point', null],
  ['kal', 'prefix while typing (3 letters)', AT],
  ['kaloum', 'a quarter', AT],
  ['hamdalaye', 'misspelt', AT],
  ['marche madina', 'accent-less, two words', AT],
  ['pharmacie camara', 'a kind and a name', AT],
  ['station total kipe', 'three words', AT],
  ['rond point', 'a kind, the most common', AT],
  ['xyzzy', 'nothing', AT],
];

const admin = async (sql) => {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

/** SQL of a text picked from `words` ($n) by a hash of `seed`. */
const pick = (param, seed) => `(${param}::text[])[1 + (hashint4(${seed}) & 2147483647) % cardinality(${param}::text[])]`;
/** An address or place name from the words: a kind, sometimes a name, a quarter. */
const placeText = (g) => `${pick('$1', `${g} * 7 + 1`)} || ' ' || CASE WHEN ${g} % 3 = 0 THEN ${pick('$3', `${g} * 11 + 3`)} || ' ' ELSE '' END || ${pick('$2', `${g} * 13 + 5`)}`;
/** A course's address: a place's text and a hint, one in ten typed in lower case. */
const addressText = (g) => `CASE WHEN ${g} % 10 = 0 THEN lower(${placeText(g)} || ${pick('$4', `${g} * 17 + 7`)}) ELSE ${placeText(g)} || ${pick('$4', `${g} * 17 + 7`)} END`;
/** A point in Conakry's peninsula, from a hash of `seed`. */
const latitude = (seed) => `9.50 + (hashint4(${seed}) & 65535) / 65535.0 * 0.25`;
const longitude = (seed) => `-13.72 + (hashint4(${seed}) & 65535) / 65535.0 * 0.22`;
const WORDS = [KINDS, QUARTERS, NAMES, HINTS];

/** Fills coursa_bench_places: the clients, the courses (secondary indexes built after), the places, the bench client's own. */
async function fill(db) {
  const started = performance.now();
  const step = async (label, sql, params = []) => {
    const at = performance.now();
    await db.query(sql, params);
    console.log(`  ${label}: ${((performance.now() - at) / 1000).toFixed(1)} s`);
  };
  const { rows } = await db.query(
    `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
     VALUES (gen_random_uuid(), $1, 'x', 'Bench Cliente', 'client', 'BENCHP0001', now(), true, now()) RETURNING id`,
    [BENCH_PHONE],
  );
  const clientId = rows[0].id;
  // The counters and roll-ups kept by triggers (per row) are not what is measured: off while filling, so they stay stale.
  await db.query('ALTER TABLE users DISABLE TRIGGER USER; ALTER TABLE courses DISABLE TRIGGER USER');
  await step(
    `${CLIENTS} clients`,
    `INSERT INTO users (id, phone, password_hash, full_name, role, referral_code, activated_at, accepted_terms, updated_at)
     SELECT gen_random_uuid(), '+22463' || lpad(g::text, 7, '0'), 'x', 'Cliente ' || g, 'client', 'BENCHP' || g, now(), true, now()
     FROM generate_series(1, $1) g`,
    [CLIENTS],
  );
  // Bulk loading: the courses' secondary indexes and client key are made again after the rows are in (faster than row by row).
  const { rows: indexes } = await db.query(
    `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = 'courses' AND indexname <> 'courses_pkey'`,
  );
  for (const { indexname } of indexes) await db.query(`DROP INDEX "${indexname}"`);
  await db.query('ALTER TABLE courses DROP CONSTRAINT courses_client_id_fkey');
  const courseColumns = `id, status, client_id, pickup_address, pickup_latitude, pickup_longitude, pickup_instructions, delivery_address,
    delivery_latitude, delivery_longitude, delivery_instructions, recipient_phone, distance_km, estimated_price, payment_method, created_at, updated_at`;
  const courseValues = (client) => `gen_random_uuid(), 'delivered', ${client}, ${addressText('g')}, ${latitude('g * 3')}, ${longitude('g * 5')},
    CASE WHEN g % 4 = 0 THEN 'Appeler ' || ${pick('$3', 'g * 19')} END, ${addressText('(g + 7919)')}, ${latitude('g * 23')}, ${longitude('g * 29')},
    CASE WHEN g % 5 = 0 THEN 'Demander ' || ${pick('$3', 'g * 31')} END, '+224621234567', 7, 25000, 'orange_money',
    now() - (g * interval '37 seconds'), now()`;
  await step(
    `${COURSES} courses (${COURSES * 2} addresses)`,
    `INSERT INTO courses (${courseColumns})
     SELECT ${courseValues('c.ids[1 + g % $7]')}
     FROM (SELECT array_agg(id ORDER BY id) AS ids FROM users WHERE id <> $6::uuid) c, generate_series(1, $5) g`,
    [...WORDS, COURSES - OWN_COURSES, clientId, CLIENTS],
  );
  await step(
    `her ${OWN_COURSES} courses`,
    `INSERT INTO courses (${courseColumns}) SELECT ${courseValues('$5::uuid')} FROM generate_series(${COURSES + 1}, ${COURSES + OWN_COURSES}) g`,
    [...WORDS, clientId],
  );
  await step('the courses\' indexes and client key', `${indexes.map(({ indexdef }) => `${indexdef};`).join('\n')}
    ALTER TABLE courses ADD CONSTRAINT courses_client_id_fkey FOREIGN KEY (client_id) REFERENCES users(id) ON UPDATE CASCADE ON DELETE RESTRICT;`);
  // The book: most places seen by enough clients, some not yet, one in fifty hidden by staff; a few with staff's instructions.
  await step(
    `${PLACES} places`,
    `INSERT INTO places (id, name, normalised_name, latitude, longitude, observation_count, distinct_clients, spread_m, hidden, instructions, updated_at)
     SELECT gen_random_uuid(), n, place_fold(n), ${latitude('g * 41')}, ${longitude('g * 43')}, 3 + g % 40, 1 + g % 8, 10 + g % 90, g % 50 = 0,
       CASE WHEN g % 20 = 0 THEN 'Demander le gardien' || ${pick('$4', 'g * 47')} END, now()
     FROM (SELECT g, ${placeText('g')} AS n FROM generate_series(1, $5) g) s`,
    [...WORDS, PLACES],
  );
  await step(
    'her 5 saved places',
    `INSERT INTO saved_places (id, client_id, label, label_key, address, latitude, longitude, instructions, updated_at)
     SELECT gen_random_uuid(), $1::uuid, label, lower(label), address, 9.6012, -13.6378, 'Portail bleu', now()
     FROM unnest($2::text[], $3::text[]) AS s(label, address)`,
    [clientId, ['Maison', 'Bureau', 'Chez Maman', 'École des enfants', 'Boutique'],
      ['Carrefour Bambéto, à côté de la pharmacie', 'Kaloum, immeuble Sonoco 3e étage', 'Hamdallaye Mosquée, portail noir', 'École primaire Kipé', 'Marché Madina, allée des tissus']],
  );
  await db.query('ALTER TABLE users ENABLE TRIGGER USER; ALTER TABLE courses ENABLE TRIGGER USER');
  await step('VACUUM ANALYZE', 'VACUUM ANALYZE');
  return { clientId, seconds: Math.round((performance.now() - started) / 1000) };
}

async function filledBefore(db) {
  const { rows } = await db.query(`SELECT (SELECT count(*)::int FROM places) AS places, (SELECT count(*)::int FROM courses) AS courses, (SELECT id FROM users WHERE phone = $1) AS id`, [BENCH_PHONE]).catch(() => ({ rows: [] }));
  const found = rows[0];
  return found?.id && found.places === PLACES && found.courses === COURSES ? found.id : null;
}

/**
 * How many times the search's indexes were scanned so far: the places' trigram index, and her courses' (either index on
 * client_id). A server process flushes its statistics when idle for 10 s at most: wait that long first.
 */
async function indexScans(db) {
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  const { rows } = await db.query(`SELECT indexrelname AS name, idx_scan::int AS scans FROM pg_stat_user_indexes WHERE relname IN ('places', 'courses')`);
  const scans = (test) => rows.filter((row) => test(row.name)).reduce((sum, row) => sum + row.scans, 0);
  return { name: scans((name) => name === 'places_name_search_idx'), her_courses: scans((name) => name.startsWith('courses_client_id_')) };
}

const BASE = `http://127.0.0.1:${PORT}`;
async function suggest(token, q, at) {
  const query = new URLSearchParams({ q, ...(at ?? {}) });
  const start = performance.now();
  const response = await fetch(`${BASE}/api/places/suggestions?${query}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.json();
  const ms = performance.now() - start;
  if (response.status !== 200) throw new Error(`suggestions?${query}: ${response.status} ${JSON.stringify(body)}`);
  return { ms, suggestions: body.suggestions };
}

const round = (value) => Math.round(value * 10) / 10;
const summary = (values) => Object.fromEntries(Object.entries(percentiles(values)).map(([p, ms]) => [`${p}_ms`, round(ms)]));

let api;
const db = new pg.Client({ connectionString: DATABASE_URL });
const prefix = `bench-places-${Date.now()}`;
try {
  let clientId = null;
  let fillSeconds = null;
  if (KEEP) {
    await admin(`CREATE DATABASE ${DATABASE}`).catch(() => {});
    await db.connect();
    clientId = await filledBefore(db);
    if (clientId) console.log(`coursa_bench_places already filled: kept`);
    await db.end();
  }
  const database = new pg.Client({ connectionString: DATABASE_URL });
  if (!clientId) {
    await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await deploy(DATABASE_URL);
    console.log(`filling ${DATABASE}:`);
    await database.connect();
    ({ clientId, seconds: fillSeconds } = await fill(database));
  } else {
    await database.connect();
  }
  const token = jwt.sign({ sub: clientId, role: 'client', sv: 0 }, SECRET_KEY, { algorithm: 'HS256', expiresIn: 3600 });
  api = await startProcess(['apps/api/src/main.ts'], apiEnv({ databaseUrl: DATABASE_URL, port: PORT, prefix }), 'Coursa API ready');

  const cases = [];
  const scansBefore = await indexScans(database);
  for (const [q, kind, at] of CASES) {
    for (let run = 0; run < WARMUP; run++) await suggest(token, q, at);
    const times = [];
    let last;
    for (let run = 0; run < RUNS; run++) {
      last = await suggest(token, q, at);
      times.push(last.ms);
    }
    const row = {
      q,
      kind,
      with_point: Boolean(at),
      ...summary(times),
      suggestions: last.suggestions.length,
      sources: last.suggestions.map((s) => s.source).join(','),
      first: last.suggestions[0]?.address ?? null,
    };
    cases.push(row);
    console.log(`${JSON.stringify(q)} (${kind}): p50 ${row.p50_ms} ms, p99 ${row.p99_ms} ms, ${row.suggestions} suggestions (${row.sources}), first « ${row.first} »`);
  }

  const scansAfter = await indexScans(database);
  const requests = CASES.length * (WARMUP + RUNS);
  const indexScansPerRequest = {
    places_name_search_idx: round((scansAfter.name - scansBefore.name) / requests),
    courses_by_client: round((scansAfter.her_courses - scansBefore.her_courses) / requests),
  };
  console.log(`index scans per request: ${JSON.stringify(indexScansPerRequest)}`);

  // Every text at once from CONNECTIONS connections, for CONCURRENT_SECONDS.
  const times = [];
  const until = performance.now() + CONCURRENT_SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async (_, connection) => {
      for (let index = connection; performance.now() < until; index++) {
        const [q, , at] = CASES[index % CASES.length];
        times.push((await suggest(token, q, at)).ms);
      }
    }),
  );
  const concurrent = { connections: CONNECTIONS, seconds: CONCURRENT_SECONDS, requests: times.length, requests_per_second: Math.round(times.length / CONCURRENT_SECONDS), ...summary(times) };
  console.log(`all texts, ${CONNECTIONS} connections: ${concurrent.requests_per_second} req/s, p50 ${concurrent.p50_ms} ms, p99 ${concurrent.p99_ms} ms`);
  await database.end();

  record('place-search', {
    route: 'GET /api/places/suggestions',
    places: PLACES,
    courses: COURSES,
    course_addresses: COURSES * 2,
    clients: CLIENTS + 1,
    her_courses: OWN_COURSES,
    her_saved_places: 5,
    fill_seconds: fillSeconds,
    runs_per_text: RUNS,
    sequential: cases,
    worst_p99_ms: Math.max(...cases.map((row) => row.p99_ms)),
    index_scans_per_request: indexScansPerRequest,
    concurrent,
  });
} finally {
  await stop(api);
  await clearRedis(prefix);
  if (!KEEP) await admin(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
}
process.exit(0);
