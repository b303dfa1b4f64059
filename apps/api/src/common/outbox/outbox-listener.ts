import { Inject, Injectable } from '@nestjs/common';
import pg from 'pg';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { LOGGER } from '../logging/logger.js';
import { schemaOf } from '../prisma/prisma.service.js';

/** How the listener's connection shows in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'coursa-outbox-listener';

/** How long the listener waits before connecting again after its connection dropped (the poll covers the gap). */
const RECONNECT_MS = 1000;

/**
 * The channel the outbox table's trigger notifies on each insert (migration 20261127103242_outbox_notify): one per
 * schema, so the test suites sharing a database wake only their own worker.
 */
export const outboxChannel = (databaseUrl: string) => `${schemaOf(databaseUrl) ?? 'public'}.outbox_events`;

/**
 * A dedicated PostgreSQL connection that LISTENs to the outbox's channel and calls `onNotify` for each notification
 * (sent when an insert into the outbox commits), and once on each (re)connection, since events committed while it was
 * away notified no one. It reconnects whenever the connection drops; meanwhile the relay's poll still finds them.
 */
@Injectable()
export class OutboxListener {
  private readonly databaseUrl: string;
  private onNotify: () => void = () => {};
  private client?: pg.Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.databaseUrl = config.DATABASE_URL;
  }

  start(onNotify: () => void) {
    this.onNotify = onNotify;
    this.stopped = false;
    void this.connect();
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }

  private async connect() {
    const url = new URL(this.databaseUrl);
    url.searchParams.delete('schema');
    const client = new pg.Client({ connectionString: url.toString(), keepAlive: true, application_name: LISTENER_APPLICATION_NAME });
    this.client = client;
    let lost = false;
    const reconnect = (reason: string) => {
      if (lost || this.stopped || this.client !== client) return;
      lost = true;
      this.client = undefined;
      this.logger.warn({ reason }, 'outbox listener lost its connection; reconnecting');
      client.end().catch(() => {});
      this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    };
    client.on('error', (error) => reconnect(error.message));
    client.on('end', () => reconnect('connection ended'));
    client.on('notification', () => this.onNotify());
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(outboxChannel(this.databaseUrl))}`);
      if (this.client !== client) return; // stopped while connecting
      this.onNotify();
    } catch (error) {
      reconnect((error as Error).message);
    }
  }
}
