import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import { Clock } from '../../common/security/secrets.js';
import { SessionCheck } from '../auth/session-check.service.js';

/** What the sweep needs of a socket: whose session it carries, and how to end it. */
export interface SessionSocket {
  id: string;
  data: { user: { id: string; sv: number } };
  disconnect(close: boolean): unknown;
}

/** Sockets whose accounts one query of the sweep reads. */
export const SWEEP_CHUNK = 1_000;

/** setTimeout's largest delay; a longer one fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Ends the sockets whose session ends: when their access token expires, and within SOCKET_SESSION_SWEEP_MS (30 s) of
 * their user being disabled, deleted or changing password (the one session check, SessionCheck.stillValid).
 */
@Injectable()
export class SessionSweep implements OnModuleDestroy {
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private sweepTimer?: NodeJS.Timeout;

  constructor(
    private readonly sessions: SessionCheck,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Sweeps the sockets `connected()` lists, every SOCKET_SESSION_SWEEP_MS, until the module is destroyed. */
  start(connected: () => Iterable<SessionSocket>) {
    clearInterval(this.sweepTimer);
    this.sweepTimer = setInterval(
      () => void this.sweep(connected()).catch((error: Error) => this.logger.warn({ err: error.message }, 'session sweep failed')),
      this.config.SOCKET_SESSION_SWEEP_MS,
    );
  }

  /**
   * Disconnects the sockets whose session is no longer valid: one query per SWEEP_CHUNK sockets, so that thousands of
   * them do not hold the event loop (at 15 000 sockets, one query and its answer held it 66 ms, positions waiting).
   */
  async sweep(connected: Iterable<SessionSocket>) {
    const sockets = [...connected];
    for (let start = 0; start < sockets.length; start += SWEEP_CHUNK) {
      const chunk = sockets.slice(start, start + SWEEP_CHUNK);
      const stillValid = await this.sessions.stillValid(chunk.map((socket) => socket.data.user));
      for (const socket of chunk) if (!stillValid(socket.data.user)) socket.disconnect(true);
    }
  }

  /** Drops the socket when its token expires (`exp`, epoch seconds); a token without expiry keeps it. */
  endAtExpiry(socket: SessionSocket, exp: number | undefined) {
    if (!exp) return;
    const delay = Math.min(MAX_TIMER_MS, Math.max(0, exp * 1000 - this.clock.now().getTime()));
    this.expiryTimers.set(socket.id, setTimeout(() => socket.disconnect(true), delay));
  }

  /** The socket is gone: its expiry no longer matters. */
  forget(socket: SessionSocket) {
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
  }

  onModuleDestroy() {
    clearInterval(this.sweepTimer);
    this.expiryTimers.forEach(clearTimeout);
    this.expiryTimers.clear();
  }
}
