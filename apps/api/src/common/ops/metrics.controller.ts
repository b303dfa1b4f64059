import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { Public } from '../auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { forbidden } from '../errors/domain-error.js';
import { METRICS, type Metrics } from './metrics.js';

const LOCAL = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/** Prometheus scrape endpoint, `/metrics`: with METRICS_TOKEN as a bearer token, or from this machine. */
@Controller('metrics')
export class MetricsController {
  constructor(
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  async scrape(@Req() request: FastifyRequest, @Res() reply: FastifyReply) {
    if (!this.allowed(request)) throw forbidden('FORBIDDEN', "Vous n'avez pas les droits pour effectuer cette action.");
    return reply.type(this.metrics.registry.contentType).send(await this.metrics.registry.metrics());
  }

  private allowed(request: FastifyRequest): boolean {
    const token = this.config.METRICS_TOKEN;
    if (!token) return LOCAL.has(request.socket.remoteAddress ?? '');
    const given = Buffer.from(request.headers.authorization ?? '');
    const expected = Buffer.from(`Bearer ${token}`);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
