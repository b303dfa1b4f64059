import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { CourseStatusEvent } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import { LISTENER_APPLICATION_NAME, outboxChannel } from '../../apps/api/src/common/outbox/outbox-listener.js';
import { acceptedCourse } from '../support/courses.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { waitFor, waitUntil } from '../support/wait.js';
import { connectSocket, type ClientSocket } from '../support/sockets.js';


// The worker polls the outbox once at start, then only every ten minutes: only PostgreSQL's notification on commit
// can bring an event to the sockets within these tests' waits.
let app: TestApp;
const sockets: ClientSocket[] = [];

beforeAll(async () => {
  app = await startTestApp({ OUTBOX_POLL_MS: '600000' });
});
afterAll(async () => {
  sockets.forEach((socket) => socket.disconnect());
  await app?.close();
});

const connect = (token: string): Promise<ClientSocket> => connectSocket(app.baseUrl, token, sockets);

/** The backends of this suite's outbox listener (its schema's channel), as pg_stat_activity shows them. */
async function listenerPids(): Promise<number[]> {
  const rows = await app.db.$queryRaw<{ pid: number }[]>`
    SELECT pid FROM pg_stat_activity WHERE application_name = ${LISTENER_APPLICATION_NAME} AND query LIKE ${`%"${outboxChannel(app.config.DATABASE_URL)}"%`}`;
  return rows.map((row) => row.pid);
}

async function statusReaches(courseId: string, token: string, status: 'en_route_pickup' | 'collected', statuses: CourseStatusEvent[]) {
  const answer = await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=${status}`, undefined, { token });
  expect(answer.status).toBe(200);
  await waitUntil(`the ${status} status on the socket`, () => statuses.some((event) => event.status === status), 10_000, 10);
}

describe('the outbox relay, woken by PostgreSQL on commit', () => {
  it("brings a courier's status change to the client's socket without waiting for its poll", async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const socket = await connect(client.token);
    const statuses: CourseStatusEvent[] = [];
    socket.on('course:status', (event) => statuses.push(event));
    await statusReaches(courseId, courier.token, 'en_route_pickup', statuses);
    const { number } = await app.db.course.findUniqueOrThrow({ where: { id: courseId } });
    expect(statuses.find((event) => event.status === 'en_route_pickup')).toEqual({
      course_id: courseId,
      course_number: courseNumber(number),
      status: 'en_route_pickup',
      status_label: 'En route (retrait)',
      courier_id: courier.user.id,
    });
  });

  it('listens again after its connection is cut, and relays what committed meanwhile', async () => {
    const { client, courier, courseId } = await acceptedCourse(app);
    const socket = await connect(client.token);
    const statuses: CourseStatusEvent[] = [];
    socket.on('course:status', (event) => statuses.push(event));
    const [before] = await waitFor('the listener', listenerPids, (pids) => pids.length === 1, 10_000);

    await app.db.$queryRaw`SELECT pg_terminate_backend(${before}::int)`;
    await waitUntil('the listener to come back on a new connection', async () => {
      const pids = await listenerPids();
      return pids.length === 1 && pids[0] !== before;
    }, 10_000);
    await statusReaches(courseId, courier.token, 'en_route_pickup', statuses);

    // A change committed while no one listens is relayed as the listener comes back.
    const [second] = await listenerPids();
    await app.db.$queryRaw`SELECT pg_terminate_backend(${second}::int)`;
    const answer = await app.request('POST', `/api/delivery/course/${courseId}/update-status?new_status=collected`, undefined, { token: courier.token });
    expect(answer.status).toBe(200);
    await waitUntil('the collected status on the socket', () => statuses.some((event) => event.status === 'collected'), 10_000, 10);
  });
});
