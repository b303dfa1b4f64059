import type { INestApplication } from '@nestjs/common';
import type { Logger } from 'pino';
import { Draining } from './draining.js';

export interface DrainOptions {
  /** How long /api/health answers 503 before the sockets go (SHUTDOWN_DRAIN_MS): the load balancer's time to notice. */
  drainMs: number;
  /** The longest wait for the requests in flight (SHUTDOWN_TIMEOUT_MS). */
  timeoutMs: number;
  logger: Logger;
  /** The wait itself (a test's own clock may stand in). */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * How an API process leaves (issue 41, README « Two of everything »), in this order:
 * 1. /api/health answers 503 `draining` for `drainMs` while everything else is served as usual: the load balancer
 *    takes the process out and sends new requests and sockets to the others;
 * 2. its sockets' connections are closed under them: each client reconnects by itself, through the load balancer, to
 *    another process, which recovers its session (rooms and missed events) from Redis;
 * 3. the requests still in flight are answered (at most `timeoutMs`);
 * 4. then only Nest's own shutdown: the hooks (the trail's last positions are written), Redis and PostgreSQL let go,
 *    the HTTP server closed. Nest's own signal handling would run them first, under requests still in flight.
 */
export async function drainAndClose(app: INestApplication, options: DrainOptions): Promise<void> {
  const { drainMs, timeoutMs, logger } = options;
  const sleep = options.sleep ?? realSleep;
  const draining = app.get(Draining);
  draining.start();
  logger.info({ drainMs }, 'draining: health answers 503');
  if (drainMs > 0) await sleep(drainMs);
  const sockets = draining.handOffSockets();
  const done = await draining.requestsDone(timeoutMs);
  logger.info({ sockets, requestsLeft: draining.requestsInFlight, requestsDone: done }, 'sockets handed off, requests answered');
  await app.close();
}

/**
 * SIGTERM and SIGINT drain the process (drainAndClose), then the signal is raised again, as Nest's own handling does,
 * so that the process ends with it; a second signal while draining is ignored, and a failure exits with 1.
 */
export function drainOnSignals(app: INestApplication, options: DrainOptions): void {
  const signals: NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];
  let draining = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (draining) return;
    draining = true;
    drainAndClose(app, options).then(
      () => {
        signals.forEach((other) => process.removeListener(other, onSignal));
        options.logger.info({ signal }, 'stopped');
        process.kill(process.pid, signal);
      },
      (error: Error) => {
        options.logger.error({ err: error.message }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  signals.forEach((signal) => process.on(signal, onSignal));
}
