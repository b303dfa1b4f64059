import { Inject, Injectable } from '@nestjs/common';
import { rooms, type CourierPosition, type PositionAck, type RelayedPosition } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import { METRICS, type Metrics } from '../../common/ops/metrics.js';
import { Clock } from '../../common/security/secrets.js';
import { PositionsStore } from './positions.store.js';
import { TrailBuffer } from './trail-buffer.service.js';

/** Where live positions go: this process's own sockets, and the other API processes. */
export interface PositionsOutlet {
  /** `courier:position` to this process's sockets in these course rooms only (no message on the cluster's stream). */
  toCourses(courseRooms: string[], position: CourierPosition): void;
  /** `couriers:positions` to this process's sockets in `ops`. */
  toOps(positions: CourierPosition[]): void;
  /** To the other API processes, which deliver them to their own sockets. */
  relay(relayed: RelayedPosition[]): void;
}

type Ack = (answer: PositionAck) => void;

interface Waiting {
  position: CourierPosition;
  courses: readonly string[];
  ack?: Ack;
}

// The answers are the same objects every time: nothing to allocate per position.
const KEPT: PositionAck = Object.freeze({ ok: true });
const TOO_SOON: PositionAck = Object.freeze({ ok: false, code: 'RATE_LIMITED', detail: 'Une position par seconde au plus.' });

/**
 * Live positions, the tracking path's hot part (issue 23). The positions that arrive in one event-loop turn are handled
 * together: one Redis call gates and keeps them all (one a second per courier); those kept go at once to this process's
 * sockets in their course rooms (`courier:position`, one each) and in `ops` (`couriers:positions`, all of them in one
 * frame), and to the other processes in one relay message on the cluster's stream — where one broadcast per position
 * would make one stream entry (and one read by every process) each, and one frame per position per staff socket. Each
 * goes to the trail, and its sender gets its answer. A failed Redis call answers nobody: the phone, unanswered, keeps
 * its positions and sends them again.
 */
@Injectable()
export class LivePositions {
  private waiting: Waiting[] = [];
  private scheduled = false;
  private outlet?: PositionsOutlet;

  constructor(
    private readonly store: PositionsStore,
    private readonly trail: TrailBuffer,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly clock: Clock,
  ) {}

  /** Set once the Socket.IO server exists (the gateway's init). */
  attach(outlet: PositionsOutlet) {
    this.outlet = outlet;
  }

  /**
   * A checked position of a courier and their active courses; `ack` hears whether it was kept, after this turn. The
   * turn is gathered here rather than with PerTurnBatch (common/batching), which makes a promise per call: at
   * thousands of positions a second the answer goes straight to the socket's ack instead.
   */
  accept(position: CourierPosition, courses: readonly string[], ack?: Ack) {
    this.waiting.push({ position, courses, ack });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** One position sent live at once, outside the turn's batch (the latest of a batch sent after a drop). */
  broadcast(position: CourierPosition, courses: readonly string[]) {
    const relayed: RelayedPosition[] = [[courses.map(rooms.course), position]];
    this.deliver(relayed);
    this.outlet?.relay(relayed);
  }

  /** Positions to this process's sockets: each to its course rooms, all to `ops` in one frame. */
  deliver(relayed: readonly RelayedPosition[]) {
    if (!this.outlet || !relayed.length) return;
    const toOps: CourierPosition[] = [];
    for (const [courseRooms, position] of relayed) {
      if (courseRooms.length) this.outlet.toCourses(courseRooms, position);
      toOps.push(position);
    }
    this.outlet.toOps(toOps);
  }

  private readonly flush = () => {
    this.scheduled = false;
    const turn = this.waiting;
    this.waiting = [];
    this.store.saveEachIfDue(turn.map((waiting) => waiting.position), this.clock.now().getTime()).then(
      (kept) => this.send(turn, kept),
      (error: Error) => this.logger.warn({ err: error.message, positions: turn.length }, 'live positions not kept'),
    );
  };

  private send(turn: readonly Waiting[], kept: readonly boolean[]) {
    const relayed: RelayedPosition[] = [];
    for (let index = 0; index < turn.length; index++) {
      const { position, courses } = turn[index];
      if (!kept[index]) continue;
      relayed.push([courses.map(rooms.course), position]);
      this.trail.add(position, courses);
    }
    this.deliver(relayed);
    if (relayed.length) {
      this.metrics.positions.inc(relayed.length);
      this.outlet?.relay(relayed);
    }
    for (let index = 0; index < turn.length; index++) turn[index].ack?.(kept[index] ? KEPT : TOO_SOON);
  }
}
