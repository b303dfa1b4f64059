import { Controller, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Roles } from '../auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { boardToken, QUEUE_BOARD_COOKIE, QUEUE_BOARD_PATH } from './queue-board.js';

/**
 * A browser cannot send a bearer header when it opens a page: the web app calls this first (with its header),
 * which puts the same short-lived access token in an httpOnly cookie scoped to the board's path.
 */
@Controller('admin/queue-board')
export class QueueBoardController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Roles('admin', 'super_admin')
  @Post('session')
  @HttpCode(200)
  session(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    const secure = this.config.PUBLIC_URL.startsWith('https://') ? '; Secure' : '';
    const cookie = `${QUEUE_BOARD_COOKIE}=${boardToken(request)}; Path=${QUEUE_BOARD_PATH}; HttpOnly; SameSite=Strict; Max-Age=${this.config.ACCESS_TOKEN_TTL_SECONDS}${secure}`;
    return reply.header('set-cookie', cookie).send({ url: `${QUEUE_BOARD_PATH}/` } satisfies RouteAnswer<'POST /api/admin/queue-board/session'>);
  }
}
