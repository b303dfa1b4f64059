import { Inject, Injectable } from '@nestjs/common';
import { rooms, type CourierPosition, type PositionAck, type RelayedPosition } from '@coursa/contracts';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import { METRICS, type Metrics } from '../../common/ops/metrics.js';
import { PositionsStore } from './positions.store.js';
import { TrailBuffer } from './trail-buffer.service.js';

/** Where live positions go: this process's own sockets, and the other API processes. */
export interface PositionsOutlet {
  /** To this process's sockets in `to` only (no message on the cluster's stream). */
  emitLocally(to: string[], position: CourierPosition): void;
  /** To the other API processes, which deliver each to their own sockets. */
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
 * together: one Redis call gates and keeps them all (one a second per courier), and those kept go to this process's
 * sockets at once and to the other processes in one relay message on the cluster's stream — where one broadcast per
 * position would make one stream entry (and one read by every process) each. Each goes to the trail, and its sender
 * gets its answer. A failed Redis call answers nobody: the phone, unanswered, keeps its positions and sends them again.
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
  ) {}

  /** Set once the Socket.IO server exists (the gateway's init). */
  attach(outlet: PositionsOutlet) {
    this.outlet = outlet;
  }

  /** A checked position of a courier and their active courses; `ack` hears whether it was kept, after this turn. */
  accept(position: CourierPosition, courses: readonly string[], ack?: Ack) {
    this.waiting.push({ position, courses, ack });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.flush);
    }
  }

  /** One position sent live at once, outside the turn's batch (the latest of a batch sent after a drop). */
  broadcast(position: CourierPosition, courses: readonly string[]) {
    const to = courses.map(rooms.course);
    to.push(rooms.ops);
    this.outlet?.emitLocally(to, position);
    this.outlet?.relay([[to, position]]);
  }

  /** What another process relayed: to this process's sockets. */
  deliver(relayed: readonly RelayedPosition[]) {
    for (const [to, position] of relayed) this.outlet?.emitLocally(to, position);
  }

  private readonly flush = () => {
    this.scheduled = false;
    const turn = this.waiting;
    this.waiting = [];
    this.store.saveEachIfDue(turn.map((waiting) => waiting.position)).then(
      (kept) => this.send(turn, kept),
      (error: Error) => this.logger.warn({ err: error.message, positions: turn.length }, 'live positions not kept'),
    );
  };

  private send(turn: readonly Waiting[], kept: readonly boolean[]) {
    const relayed: RelayedPosition[] = [];
    for (let index = 0; index < turn.length; index++) {
      const { position, courses, ack } = turn[index];
      if (!kept[index]) {
        ack?.(TOO_SOON);
        continue;
      }
      const to = courses.map(rooms.course);
      to.push(rooms.ops);
      this.outlet?.emitLocally(to, position);
      relayed.push([to, position]);
      this.trail.add(position, courses);
      ack?.(KEPT);
    }
    if (!relayed.length) return;
    this.metrics.positions.inc(relayed.length);
    this.outlet?.relay(relayed);
  }
}
