import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourseStatusEvent } from '@coursa/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { io } from 'socket.io-client';
import { pino } from 'pino';
import { createApp } from '../../apps/api/src/app.factory.js';
import { drainAndClose } from '../../apps/api/src/common/startup/graceful-shutdown.js';
import { acceptedCourse } from '../support/courses.js';
import { requestJson } from '../support/http.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/wait.js';

// An API process told to stop (issue 41, README « Two of everything »): out of the load balancer first (its health
// answers 503 « draining » while everything else is still served), then its sockets let go so that they reconnect
// elsewhere with their session, its requests in flight answered, and only then closed. The process-level path
// (SIGTERM through main.ts, behind a real HAProxy) is the fault suite's (test/faults/api-failover.fault-spec.ts).
let app: TestApp;
let leaving: NestFastifyApplication;
let leavingUrl: string;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await startTestApp();
  leaving = await createApp(app.config, pino({ level: 'silent' }));
  await leaving.listen({ port: 0, host: '127.0.0.1' });
  leavingUrl = (await leaving.getUrl()).replace('[::1]', '127.0.0.1');
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await leaving?.close().catch(() => {});
  await app?.close();
});

describe('a draining API process', () => {
  it('answers its health 503 while it serves the rest; hands its sockets over with their session; answers its requests in flight before it closes', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const socket = await connectSocket(leavingUrl, client.token, sockets);
    const statuses: CourseStatusEvent[] = [];
    socket.on('course:status', (event) => statuses.push(event));
    // A first broadcast gives the socket its recovery offset.
    const step = (status: string) => app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token: courier.token });
    expect((await step('en_route_pickup')).status).toBe(200);
    await waitUntil('the en_route_pickup status', () => statuses.some((event) => event.status === 'en_route_pickup'), 8000, 25);

    let endDrain!: () => void;
    const drained = new Promise<void>((resolve) => (endDrain = resolve));
    const closing = drainAndClose(leaving, { drainMs: 1, timeoutMs: 20_000, logger: pino({ level: 'silent' }), sleep: () => drained });

    // Out of the load balancer, still serving.
    const health = await requestJson(leavingUrl, 'GET', '/api/health');
    expect(health).toMatchObject({ status: 503, body: { status: 'draining', database: 'up', redis: 'up' } });
    expect((await app.request('GET', '/api/health')).status).toBe(200);
    expect((await requestJson(leavingUrl, 'GET', `/api/courses/${courseId}`, undefined, { token: client.token })).status).toBe(200);
    expect(socket.connected).toBe(true);

    // A request in flight: the courier's next step waits on the course's row, held by the test.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: (pid: number) => void;
    const lockTaken = new Promise<number>((resolve) => (locked = resolve));
    const holding = app.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT id FROM courses WHERE id = ${courseId}::uuid FOR UPDATE`;
        const [{ pid }] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        locked(pid);
        await held;
      },
      { timeout: 30_000 },
    );
    const holder = await lockTaken;
    const inFlight = requestJson(leavingUrl, 'POST', `/api/delivery/course/${courseId}/update-status?new_status=collected`, undefined, { token: courier.token });
    await waitUntil('the step to wait on the row', async () => {
      const waiting = await app.db.$queryRaw<unknown[]>`SELECT 1 FROM pg_stat_activity WHERE ${holder}::int = ANY(pg_blocking_pids(pid))`;
      return waiting.length > 0;
    });

    const disconnected = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    endDrain();
    // Let go under the socket: a cut the client reconnects from by itself (not « io server disconnect »).
    expect(await disconnected).toBe('transport close');
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(closed).toBe(false); // the step is still in flight

    release();
    await holding;
    expect((await inFlight).status).toBe(200);
    await closing;

    // The client comes back on another process with its session: its rooms and the events it missed.
    const { _pid: pid, _lastOffset: offset } = socket as unknown as { _pid: string; _lastOffset: string };
    expect(pid).toBeTruthy();
    // The same client, reconnecting elsewhere (as through a load balancer): it hands over its session id and offset.
    const back: ClientSocket = io(app.baseUrl, { path: '/socket.io', auth: { token: client.token }, transports: ['websocket'], reconnection: false, autoConnect: false });
    Object.assign(back, { _pid: pid, _lastOffset: offset });
    sockets.push(back);
    const missed: CourseStatusEvent[] = [];
    back.on('course:status', (event) => missed.push(event));
    back.connect();
    await new Promise((resolve, reject) => {
      back.once('connect', resolve as () => void);
      back.once('connect_error', reject);
    });
    expect(back.recovered).toBe(true);
    await waitUntil('the collected status', () => missed.some((event) => event.status === 'collected'), 8000, 25);
  });
});
