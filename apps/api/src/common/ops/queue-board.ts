import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { JobQueue } from '../queue/job-queue.service.js';
import { ALL_QUEUES } from './metrics.js';

export const QUEUE_BOARD_PATH = '/api/admin/queues';
export const QUEUE_BOARD_COOKIE = 'coursa_queues';
export const QUEUE_BOARD_ROLES = ['admin', 'super_admin'];

/** The access token a request to the board carries, in its Authorization header or in the board's cookie. */
export function boardToken(request: FastifyRequest): string | undefined {
  const [scheme, bearer] = (request.headers.authorization ?? '').split(' ');
  if (scheme?.toLowerCase() === 'bearer' && bearer) return bearer;
  const cookie = (request.headers.cookie ?? '').split(';').map((part) => part.trim().split('='));
  return cookie.find(([name]) => name === QUEUE_BOARD_COOKIE)?.[1];
}

/**
 * Bull Board (the BullMQ dashboard) at /api/admin/queues, for admin and super_admin only: every request, pages and
 * the board's own API alike, goes through `isAllowed` first. Loaded on demand: its static-file plugin is ESM-only.
 */
export async function mountQueueBoard(app: NestFastifyApplication, isAllowed: (request: FastifyRequest) => Promise<boolean>) {
  const [{ createBullBoard }, { BullMQAdapter }, { FastifyAdapter }] = await Promise.all([
    import('@bull-board/api'),
    import('@bull-board/api/bullMQAdapter'),
    import('@bull-board/fastify'),
  ]);
  const jobs = app.get(JobQueue);
  const board = new FastifyAdapter();
  createBullBoard({ queues: ALL_QUEUES.map((name) => new BullMQAdapter(jobs.queue(name))), serverAdapter: board });
  board.setBasePath(QUEUE_BOARD_PATH);
  await app.register(async (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await isAllowed(request))) {
        await reply.status(403).type('application/json; charset=utf-8').send({ detail: "Vous n'avez pas les droits pour effectuer cette action.", code: 'FORBIDDEN' });
      }
    });
    await scope.register(board.registerPlugin() as never, { prefix: QUEUE_BOARD_PATH });
  });
}
