import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { signedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The API as its own process, as in production: Bull Board is mounted and /metrics wants its token.
const METRICS_TOKEN = 'prometheus-scrape-token-123';
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ METRICS_TOKEN }, { apiProcess: true });
});
afterAll(async () => {
  await app?.close();
});

describe('Prometheus metrics', () => {
  it('are served to Prometheus with its token, and to nobody else', async () => {
    await app.request('GET', '/api/health');
    expect((await fetch(`${app.baseUrl}/metrics`)).status).toBe(403);
    expect((await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong-token-wrong-token' } })).status).toBe(403);
    const scraped = await fetch(`${app.baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/coursa_http_request_duration_seconds_bucket\{[^}]*route="\/api\/health"/);
    expect(text).toMatch(/coursa_queue_jobs\{queue="notifications",state="waiting"\}/);
    expect(text).toContain('coursa_connected_sockets');
    expect(text).toContain('coursa_courier_positions_total');
    // What the runbook watches: the queues' and the outbox's lag, Redis's memory.
    expect(text).toMatch(/coursa_queue_oldest_waiting_seconds\{queue="notifications"\} \d/);
    expect(text).toMatch(/^coursa_outbox_lag_seconds \d/m);
    expect(Number(/^coursa_redis_used_memory_bytes (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
  });
});

describe('the queue dashboard (Bull Board)', () => {
  it('opens for admin and super_admin only, by header or by the session cookie', async () => {
    const board = (headers: Record<string, string> = {}) => fetch(`${app.baseUrl}/api/admin/queues/`, { headers });
    expect((await board()).status).toBe(403);
    for (const role of ['client', 'support', 'independent_delivery'] as const) {
      const { token } = await signedIn(app, role);
      expect((await board({ authorization: `Bearer ${token}` })).status).toBe(403);
      expect((await app.request('POST', '/api/admin/queue-board/session', undefined, { token })).status).toBe(403);
    }
    const admin = await signedIn(app, 'admin');
    const page = await board({ authorization: `Bearer ${admin.token}` });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html');

    const session = await app.request('POST', '/api/admin/queue-board/session', undefined, { token: admin.token });
    const cookie = session.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^coursa_queues=[^;]+; Path=\/api\/admin\/queues; HttpOnly; SameSite=Strict/);
    expect((await board({ cookie: cookie.split(';')[0]! })).status).toBe(200);
    const queues = await fetch(`${app.baseUrl}/api/admin/queues/api/queues`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(queues.status).toBe(200);
    expect(JSON.stringify(await queues.json())).toContain('notifications');
    expect((await fetch(`${app.baseUrl}/api/admin/queues/api/queues`)).status).toBe(403);
  });
});
