// Part of `npm run bench -- web` (issue 35): Lighthouse 12 on the built app's screens, and the time to a usable sign-in
// form on a slow phone profile. Needs `npm run --silent build -w @coursa/web` first. Coursa runs as its own API process
// (serving apps/web/dist) on a scratch database with the demo data (prisma/seed.ts); no request leaves the machine
// (map tiles are blocked). Figures go to bench/results/latest.json under `lighthouse`.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import pg from 'pg';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { deploy } from '../scripts/lib/migrations.mjs';
import { ADMIN_URL, apiEnv, clearRedis, stop } from './api-support.mjs';
import { percentiles, record, startProcess } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const DATABASE = 'coursa_bench_web';
const DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:5432/${DATABASE}`;
const SECRET_KEY = 'bench-web-secret-key-bench-web-secret-key-0123';
const PREFIX = 'bench-web-';
const PORT = 3391;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const DEMO_PASSWORD = 'demo1234';
/** The whole bench stops by itself after this long, whatever hangs. */
const DEADLINE_MS = 20 * 60_000;
/** Lighthouse runs of a screen whose run failed, at most. */
const ATTEMPTS = 3;
/** Runs of the slow sign-in (each on an empty cache); the median is the figure. */
const SLOW_RUNS = 3;
/** The slow phone profile: 400 kbit/s both ways, 400 ms round trip, a CPU four times slower. */
const SLOW = { latency: 400, downloadThroughput: 400_000 / 8, uploadThroughput: 400_000 / 8, cpu: 4 };

/** `LIGHTHOUSE_SCREENS=sign-in,client home` measures only those screens (nothing is recorded then); `LIGHTHOUSE_REPORTS=dir`
 * keeps each screen's whole Lighthouse report there, to see what costs. */
const ONLY = process.env.LIGHTHOUSE_SCREENS?.split(',').map((name) => name.trim()) ?? null;
const REPORTS = process.env.LIGHTHOUSE_REPORTS ?? null;

const TARGETS = { performance: 95, accessibility: 100, best_practices: 100, signin_usable_ms: 4000 };

const CLIENT = '+224620000031';
const COURIER = '+224620000011';
const ADMIN = '+224620000002';

/**
 * The screens measured. Tabs have no address of their own (they switch without a route change), so a tab's screen is
 * measured as a cold load of the home that opens the tab as soon as its button appears.
 */
const SCREENS = [
  { name: 'sign-in', path: '/auth' },
  { name: 'client home', path: '/', account: CLIENT },
  { name: 'client order form', path: '/', account: CLIENT, tab: 'Nouvelle course' },
  { name: 'client tracking', path: '/', account: CLIENT, tab: 'Suivi GPS' },
  { name: 'courier home', path: '/', account: COURIER },
  { name: 'courier navigation', path: '/', account: COURIER, tab: 'Navigation' },
  { name: 'back office dashboard', path: '/', account: ADMIN, desktop: true },
  { name: 'recipient /suivi/<token>', path: '/suivi/:token' },
];

if (!existsSync('apps/web/dist/index.html')) {
  console.error('apps/web/dist is missing: run `npm run --silent build -w @coursa/web` first.');
  process.exit(1);
}

let api;
const watchdog = setTimeout(() => {
  console.error(`lighthouse bench: still running after ${DEADLINE_MS / 60_000} min, stopped.`);
  api?.kill('SIGKILL');
  process.exit(1);
}, DEADLINE_MS);
watchdog.unref();

async function adminQuery(sql) {
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The demo data on a fresh database, and a recipient's tracking link on the course being delivered. */
async function prepareDatabase(env) {
  await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await deploy(DATABASE_URL);
  await new Promise((resolve, reject) => {
    const child = spawn('node', ['--import', './scripts/ts-loader.mjs', 'prisma/seed.ts'], { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`prisma/seed.ts exited (${code})`))));
  });
  const token = randomBytes(16).toString('base64url');
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  try {
    const { rowCount } = await db.query(
      `UPDATE courses SET tracking_token_hash = $1 WHERE id = (SELECT id FROM courses WHERE status = 'en_route_delivery' LIMIT 1)`,
      [createHmac('sha256', SECRET_KEY).update(token).digest('hex')],
    );
    if (rowCount !== 1) throw new Error('no course being delivered in the demo data');
  } finally {
    await db.end();
  }
  return token;
}

async function signIn(phone) {
  const response = await fetch(`${ORIGIN}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password: DEMO_PASSWORD }),
  });
  const body = await response.json();
  if (response.status !== 200) throw new Error(`login ${phone}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Put in every document of the app before its scripts: the session where the app reads it, and the tab to open. */
function beforeAppScripts({ origin, session, tab }) {
  if (location.origin !== origin) return;
  if (session) {
    localStorage.setItem('token', session.access_token);
    localStorage.setItem('refresh_token', session.refresh_token);
  }
  if (tab) {
    const open = () => {
      const button = [...document.querySelectorAll('nav.tabs button')].find((candidate) => candidate.textContent.trim() === tab);
      button?.click();
      return Boolean(button);
    };
    new MutationObserver((_, observer) => open() && observer.disconnect()).observe(document, { childList: true, subtree: true });
  }
}

const round = (value, digits = 0) => (value == null ? null : Math.round(value * 10 ** digits) / 10 ** digits);

/** One Lighthouse navigation in a fresh Chromium (empty profile); Lighthouse also clears the origin's storage and cache. */
async function measure(screen, url, session) {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS, protocolTimeout: 120_000 });
  try {
    const page = await browser.newPage();
    await page.evaluateOnNewDocument(beforeAppScripts, { origin: ORIGIN, session, tab: screen.tab ?? null });
    const flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      blockedUrlPatterns: ['*tile.openstreetmap.org*'],
      maxWaitForLoad: 60_000,
    };
    const result = await lighthouse(url, flags, screen.desktop ? desktopConfig : undefined, page);
    if (REPORTS) {
      mkdirSync(REPORTS, { recursive: true });
      writeFileSync(`${REPORTS}/${screen.name.replace(/[^a-z0-9]+/gi, '-')}.json`, JSON.stringify(result.lhr));
    }
    const { categories, audits } = result.lhr;
    const score = (id) => (categories[id]?.score == null ? null : Math.round(categories[id].score * 100));
    const failed = (id) =>
      Object.values(categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score != null && audits[ref.id].score < 1)
        .map((ref) => ref.id);
    return {
      screen: screen.name,
      preset: screen.desktop ? 'desktop' : 'mobile',
      final_url: result.lhr.finalDisplayedUrl.replace(/\/suivi\/[^/?#]+/, '/suivi/<token>'),
      performance: score('performance'),
      accessibility: score('accessibility'),
      best_practices: score('best-practices'),
      fcp_ms: round(audits['first-contentful-paint'].numericValue),
      lcp_ms: round(audits['largest-contentful-paint'].numericValue),
      tbt_ms: round(audits['total-blocking-time'].numericValue),
      cls: round(audits['cumulative-layout-shift'].numericValue, 3),
      bytes_transferred: round(audits['total-byte-weight'].numericValue),
      failed_accessibility_audits: failed('accessibility'),
      // What each failed accessibility audit found on the page (the elements' HTML), to know what to mend.
      failed_accessibility_nodes: Object.fromEntries(
        failed('accessibility').map((id) => [id, (audits[id].details?.items ?? []).map((item) => item.node?.snippet ?? null).filter(Boolean).slice(0, 5)]),
      ),
      failed_best_practices_audits: failed('best-practices'),
      runtime_error: result.lhr.runtimeError?.message ?? null,
    };
  } finally {
    await browser.close();
  }
}

/**
 * A first visit on the slow profile, empty cache: from the start of navigation to the « Se connecter » button visible and
 * enabled (the time origin of the page is the navigation's start).
 */
async function slowSignIn(browser) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: SLOW.latency, downloadThroughput: SLOW.downloadThroughput, uploadThroughput: SLOW.uploadThroughput });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpu });
    let bytes = 0;
    cdp.on('Network.loadingFinished', (event) => (bytes += event.encodedDataLength));
    await page.goto(`${ORIGIN}/`, { waitUntil: 'commit', timeout: 60_000 });
    const handle = await page.waitForFunction(
      () => {
        const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent.trim() === 'Se connecter');
        if (!button || button.disabled) return null;
        const box = button.getBoundingClientRect();
        const style = getComputedStyle(button);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && style.display !== 'none' ? performance.now() : null;
      },
      undefined,
      { polling: 50, timeout: 60_000 },
    );
    const usableMs = Math.round(await handle.jsonValue());
    return { usable_ms: usableMs, bytes_until_usable: bytes };
  } finally {
    await context.close();
  }
}

async function main() {
  const env = {
    DATABASE_URL,
    SECRET_KEY,
    STORAGE_DIR: 'var/bench-web/storage', // the seed's placeholder photo, removed at the end
    OUTBOX_FILE: 'var/bench-web/outbox.jsonl',
  };
  const token = await prepareDatabase(env);
  await clearRedis(PREFIX);
  api = await startProcess(['apps/api/src/main.ts'], apiEnv({
    databaseUrl: DATABASE_URL,
    port: PORT,
    prefix: PREFIX,
    ...env,
    PUBLIC_URL: ORIGIN,
    ACCESS_TOKEN_TTL_SECONDS: '3600',
  }), 'Coursa API ready');
  try {
    const sessions = new Map();
    for (const phone of [CLIENT, COURIER, ADMIN]) sessions.set(phone, await signIn(phone));

    const screens = [];
    for (const screen of SCREENS.filter((candidate) => !ONLY || ONLY.includes(candidate.name))) {
      const url = ORIGIN + screen.path.replace(':token', token);
      const session = screen.account ? sessions.get(screen.account) : null;
      let figures;
      // Lighthouse sometimes loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): that screen is tried again.
      for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
        figures = { ...(await measure(screen, url, session && { access_token: session.access_token, refresh_token: session.refresh_token })), attempts: attempt };
        if (!figures.runtime_error) break;
        console.log(`${screen.name}: ${figures.runtime_error}${attempt < ATTEMPTS ? ', measured again' : ''}`);
      }
      console.log(`${figures.screen}: performance ${figures.performance}, accessibility ${figures.accessibility}, best practices ${figures.best_practices}, FCP ${figures.fcp_ms} ms, LCP ${figures.lcp_ms} ms, TBT ${figures.tbt_ms} ms, CLS ${figures.cls}, ${Math.round(figures.bytes_transferred / 1024)} KiB`);
      screens.push(figures);
    }

    if (ONLY) return; // a partial run is a look, not a figure
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const slowRuns = [];
    try {
      for (let run = 0; run < SLOW_RUNS; run += 1) {
        slowRuns.push(await slowSignIn(browser));
        console.log(`slow sign-in, run ${run + 1}: usable after ${slowRuns.at(-1).usable_ms} ms`);
      }
    } finally {
      await browser.close();
    }
    const usable = percentiles(slowRuns.map((run) => run.usable_ms)).p50;

    const mobile = screens.filter((screen) => screen.preset === 'mobile');
    record('lighthouse', {
      lighthouse: '12.2.3',
      chromium: execFileSync(CHROMIUM, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      screens,
      slow_sign_in: {
        profile: { download_kbit_s: 400, upload_kbit_s: 400, rtt_ms: SLOW.latency, cpu_slowdown: SLOW.cpu, cache: 'empty' },
        runs: slowRuns,
        usable_ms_median: usable,
      },
      targets: TARGETS,
      meets_targets: {
        performance: mobile.every((screen) => screen.performance >= TARGETS.performance),
        accessibility: screens.every((screen) => screen.accessibility >= TARGETS.accessibility),
        best_practices: screens.every((screen) => screen.best_practices >= TARGETS.best_practices),
        signin_usable: usable <= TARGETS.signin_usable_ms,
      },
    });
    console.table(Object.fromEntries(screens.map((s) => [s.screen, { perf: s.performance, a11y: s.accessibility, bp: s.best_practices, fcp: s.fcp_ms, lcp: s.lcp_ms, tbt: s.tbt_ms, cls: s.cls, KiB: Math.round(s.bytes_transferred / 1024) }])));
    console.log(`slow sign-in usable (median of ${SLOW_RUNS}): ${usable} ms (target ≤ ${TARGETS.signin_usable_ms} ms)`);
  } finally {
    await stop(api);
    await clearRedis(PREFIX);
    await adminQuery(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    rmSync('var/bench-web', { recursive: true, force: true });
  }
}

await main();
process.exit(0);
