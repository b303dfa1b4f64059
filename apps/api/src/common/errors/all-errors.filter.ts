import { Catch, Inject, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { LOGGER } from '../logging/logger.js';
import { toErrorAnswer } from './error-response.js';
import { maskPathSecrets } from '../logging/log-path.js';

/** The one place where errors become HTTP answers `{detail, code}`; never a stack trace to the user. */
@Catch()
export class AllErrorsFilter implements ExceptionFilter {
  constructor(@Inject(LOGGER) private readonly logger: Logger) {}

  catch(error: unknown, host: ArgumentsHost) {
    if (host.getType() !== 'http') throw error;
    const request = host.switchToHttp().getRequest<FastifyRequest>();
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    const answer = toErrorAnswer(error);
    if (answer.unexpected) {
      this.logger.error({ err: error, reqId: request.id, url: maskPathSecrets(request.url) }, 'unexpected error');
    }
    const body = answer.unexpected
      ? { detail: answer.detail, code: answer.code, request_id: String(request.id) }
      : { detail: answer.detail, code: answer.code };
    void reply
      .status(answer.status)
      .headers(answer.headers ?? {})
      .type('application/json; charset=utf-8')
      .send(body);
  }
}
