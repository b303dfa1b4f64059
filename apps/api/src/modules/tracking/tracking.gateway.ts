import { Inject, type OnModuleDestroy } from '@nestjs/common';
import { WebSocketGateway, WebSocketServer, type OnGatewayConnection, type OnGatewayDisconnect, type OnGatewayInit } from '@nestjs/websockets';
import {
  rooms,
  type ClientToServerEvents,
  type CourierPosition,
  type InterServerEvents,
  type OpsSnapshotAnswer,
  type PositionsAck,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@coursa/contracts';
import {
  ACTIVE_STATUSES,
  canSeeCourse,
  checkPositionTime,
  isCourier,
  isStaff,
  POSITION_BATCH_MAX,
  POSITION_TIME_MESSAGES,
  type Fix,
  type PositionTimeRefusal,
  type Role,
} from '@coursa/domain';
import type { Server, Socket } from 'socket.io';
import type { Logger } from 'pino';
import { LOGGER } from '../../common/logging/logger.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { z } from 'zod';
import { METRICS, type Metrics } from '../../common/ops/metrics.js';
import { Clock } from '../../common/security/secrets.js';
import { isUuid } from '../../common/validation/params.js';
import { SessionCheck } from '../auth/session-check.service.js';
import { OpsSnapshots } from './ops-snapshot.service.js';
import { LivePositions } from './live-positions.service.js';
import { checkFix, type FixCheck, type RefusedMove } from './fix-check.js';
import { emptySpeedWindow, observeSpeed, type SpeedSample, type SpeedWindow } from './observed-speed.js';
import { prepareBatch } from './position-batch.js';
import { PositionsStore } from './positions.store.js';
import { SessionSweep } from './session-sweep.service.js';
import { TrackingRepository } from './tracking.repository.js';
import { TrailBuffer } from './trail-buffer.service.js';

interface SocketData {
  user: { id: string; role: Role; sv: number };
  /** The courier's active courses: re-read when one of them changes status, and every minute in any case. */
  courses?: { ids: string[]; readAt: number };
  /** A courier's last minutes of positions, for the speed their positions carry (the ETA's). */
  speed?: SpeedWindow;
  /**
   * A copy of the courier's impossible-move state (issue 24), which lives with the courier in Redis (issue 34): read on
   * the socket's first position, and again when the socket sent none for MOVES_FRESH_MS (another socket of the courier
   * may have moved them meanwhile); `atMs`, when it was last read or used (the server's clock).
   */
  moves?: { check: FixCheck; atMs: number };
  /** While the state is being read: the positions that arrive meanwhile wait behind it, in order. */
  movesReady?: Promise<void>;
}

type TrackingSocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
type TrackingServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** The largest time a JavaScript Date holds. */
const MAX_DATE_MS = 8_640_000_000_000_000;

const PositionSchema = z
  .object({
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    heading: z.number().min(0).max(360).optional(),
    speed: z.number().min(0).max(500).optional(),
    accuracy: z.number().min(0).max(100_000).optional(),
    at: z.union([z.iso.datetime({ offset: true }), z.number().int().positive().max(MAX_DATE_MS)]),
  })
  .strict();

const PositionsSchema = z.object({ positions: z.array(PositionSchema).min(1).max(POSITION_BATCH_MAX) }).strict();

const COURSES_TTL_MS = 60_000;
/** A socket's active courses after one of them changed: expired, to be read again on the next position. */
const FORGOTTEN = Object.freeze({ ids: [], readAt: Number.NEGATIVE_INFINITY });

// Refusals are the same objects every time.
const NOT_A_COURIER = Object.freeze({ ok: false, code: 'FORBIDDEN', detail: 'Seuls les livreurs envoient leur position.' } as const);
const INVALID_POSITION = Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: 'Position invalide.' } as const);
const IMPOSSIBLE_MOVE = Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: 'Position improbable (déplacement trop rapide) : écartée de la carte.' } as const);
/** A courier's impossible moves are flagged for ops once a minute at most: a phone whose GPS has gone wrong sends many. */
const FLAG_EVERY_MS = 60_000;
/** A socket that sent no position for this long reads its courier's impossible-move state again before the next. */
const MOVES_FRESH_MS = 30_000;
const KEPT = Object.freeze({ ok: true } as const);
/** A device time that cannot be believed (issue 34), in French. */
const TIME_REFUSALS: Record<PositionTimeRefusal, { ok: false; code: 'INVALID_POSITION'; detail: string }> = Object.freeze({
  inFuture: Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: POSITION_TIME_MESSAGES.inFuture } as const),
  tooOld: Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: POSITION_TIME_MESSAGES.tooOld } as const),
  absurd: Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: POSITION_TIME_MESSAGES.absurd } as const),
  olderThanLast: Object.freeze({ ok: false, code: 'INVALID_POSITION', detail: POSITION_TIME_MESSAGES.olderThanLast } as const),
});

type Answer<E extends keyof ClientToServerEvents> = Parameters<Parameters<ClientToServerEvents[E]>[1]>[0];
type Ack<E extends keyof ClientToServerEvents> = ((answer: Answer<E>) => void) | undefined;
/** A client event's listener, shared by every socket (Socket.IO calls it with the socket as `this`). */
type Listener = (this: TrackingSocket, body: unknown, ack: unknown) => void;

/**
 * Socket.IO on /socket.io (docs/architecture.md, « Realtime »), transport only. The access token is checked in the handshake (SessionCheck); the
 * server alone decides the rooms a socket is in. SessionSweep ends the sockets whose session ends, LivePositions keeps
 * and sends the live positions, TrailBuffer writes the trail, OpsSnapshots makes the staff's snapshots.
 *
 * The client events are plain Socket.IO listeners, one function per event shared by every socket, rather than Nest's
 * message handlers, which build an RxJS chain per socket and event and run each message through it (issue 23: the
 * memory of every idle socket and the CPU of every position). They are typed by `ClientToServerEvents`, and each
 * body is checked by a schema; a refusal is an answer in French.
 */
@WebSocketGateway()
export class TrackingGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer() private server!: TrackingServer;
  /**
   * The clock's time, read once a second: the courses' cache is checked on every position, and reading the clock there
   * would make a Date per position for a check that a second either way does not change.
   */
  private nowMs: number;
  private clockTimer?: NodeJS.Timeout;
  private readonly listeners: [keyof ClientToServerEvents, Listener][];

  constructor(
    private readonly sessions: SessionCheck,
    private readonly sweep: SessionSweep,
    private readonly tracking: TrackingRepository,
    private readonly positions: PositionsStore,
    private readonly live: LivePositions,
    private readonly trail: TrailBuffer,
    private readonly snapshots: OpsSnapshots,
    private readonly clock: Clock,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.nowMs = clock.now().getTime();
    // The listeners' own `this` is the socket.
    const gateway = this;
    const failed = (event: string) => (error: Error) => gateway.logger.warn({ err: error.message, event }, 'socket event failed');
    this.listeners = [
      ['courier:position', function (body, ack) {
        gateway.position(this, ...bodyAndAck<'courier:position'>(body, ack));
      }],
      ['courier:positions', function (body, ack) {
        const [batch, answer] = bodyAndAck<'courier:positions'>(body, ack);
        gateway.positionsBatch(this, batch).then((result) => answer?.(result), failed('courier:positions'));
      }],
      ['course:subscribe', function (body, ack) {
        const [request, answer] = bodyAndAck<'course:subscribe'>(body, ack);
        gateway.subscribe(this, request).then((result) => answer?.(result), failed('course:subscribe'));
      }],
      ['ops:snapshot', function (body, ack) {
        const [, answer] = bodyAndAck<'ops:snapshot'>(body, ack);
        gateway.opsSnapshot(this).then((result) => answer?.(result), failed('ops:snapshot'));
      }],
    ];
  }

  afterInit(server: TrackingServer) {
    server.on('courier:courses-changed', (courierId) => this.forgetCourses(courierId));
    server.on('courier:positions-relay', (relayed) => this.live.deliver(relayed));
    this.live.attach({
      toCourses: (courseRooms, position) => server.local.to(courseRooms).emit('courier:position', position),
      toOps: (positions) => server.local.to(rooms.ops).emit('couriers:positions', positions),
      relay: (relayed) => server.serverSideEmit('courier:positions-relay', relayed),
    });
    server.use((socket, next) => {
      this.authenticate(socket as TrackingSocket).then(
        () => next(),
        () => next(new Error('UNAUTHENTICATED')),
      );
    });
    this.clockTimer = setInterval(() => (this.nowMs = this.clock.now().getTime()), 1000);
    this.sweep.start(() => server.sockets.sockets.values());
    this.snapshots.start({
      present: () => !!server.sockets.adapter.rooms.get(rooms.ops)?.size,
      send: (snapshot) => server.to(rooms.ops).emit('ops:snapshot', snapshot),
    });
  }

  private async authenticate(socket: TrackingSocket) {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const session = await this.sessions.verify(typeof token === 'string' ? token : null);
    if (session.verdict !== 'valid') throw new Error('no such session');
    const { id, role, sv, exp } = session.user;
    socket.data.user = { id, role, sv };
    this.sweep.endAtExpiry(socket, exp);
  }

  async handleConnection(socket: TrackingSocket) {
    const user = socket.data.user;
    if (!user) return socket.disconnect(true);
    // A socket back through connection state recovery reads its courier's impossible-move state afresh (issue 34).
    socket.data.moves = undefined;
    socket.data.movesReady = undefined;
    // Listening before the first await: an event sent right after connecting is not missed.
    for (const [event, listener] of this.listeners) socket.on(event, listener as never);
    // In the user's room at once, where forgetCourses finds the socket: a course changing meanwhile is not missed.
    await socket.join(rooms.user(user.id));
    const joined: string[] = [];
    if (isStaff(user.role)) joined.push(rooms.ops);
    if (isCourier(user.role) && (await this.tracking.isAvailableCourier(user.id))) joined.push(rooms.availableCouriers);
    const open = await this.tracking.openCoursesOf(user.id);
    for (const course of open) joined.push(rooms.course(course.id));
    // A courier's active courses, where their positions go, unless a position already read them or one changed since.
    if (isCourier(user.role) && !socket.data.courses) {
      const ids = open.filter((course) => course.courierId === user.id && ACTIVE_STATUSES.includes(course.status)).map((course) => course.id);
      socket.data.courses = { ids, readAt: this.nowMs };
    }
    await socket.join(joined);
    this.metrics.sockets.inc();
    // Staff see the whole map at once rather than at the next full snapshot.
    if (isStaff(user.role)) socket.emit('ops:snapshot', await this.snapshots.snapshot(true));
  }

  handleDisconnect(socket: TrackingSocket) {
    if (socket.data.user) this.metrics.sockets.dec();
    this.sweep.forget(socket);
  }

  /** Follows one course: only its client, its courier and staff are let in, whatever room a client asks for. */
  private async subscribe(socket: TrackingSocket, request: unknown): Promise<SubscribeAck> {
    const courseId = (request as { course_id?: unknown })?.course_id;
    const parties = isUuid(courseId) ? await this.tracking.courseParties(courseId) : null;
    if (!parties || !canSeeCourse(socket.data.user, parties)) {
      return { ok: false, detail: 'Course introuvable.' };
    }
    await socket.join(rooms.course(courseId as string));
    return { ok: true };
  }

  /** Staff's dashboard asks for the whole picture when it opens (the socket may have connected long before). */
  private async opsSnapshot(socket: TrackingSocket): Promise<OpsSnapshotAnswer> {
    if (!isStaff(socket.data.user.role)) return { ok: false, detail: 'Réservé au personnel.' };
    return { ok: true, snapshot: await this.snapshots.snapshot(true) };
  }

  /**
   * A courier's position: checked here (its device time within the last ten minutes, not in the future, not before the
   * courier's last accepted one; a move faster than POSITION_MAX_SPEED_KMH from the last one is kept off the map and
   * flagged), then LivePositions keeps it (at most one a second, extras answered RATE_LIMITED), sends it to their
   * courses and to ops, and adds it to the trail. The courses are the socket's, read again only when they may have
   * changed.
   */
  private position(socket: TrackingSocket, body: unknown, ack: Ack<'courier:position'>) {
    const user = socket.data.user;
    if (!isCourier(user.role)) return ack?.(NOT_A_COURIER);
    const parsed = PositionSchema.safeParse(body);
    if (!parsed.success) return ack?.(INVALID_POSITION);
    const input = parsed.data;
    const ms = typeof input.at === 'number' ? input.at : Date.parse(input.at);
    const implausible = checkPositionTime(ms, this.nowMs);
    if (implausible) return ack?.(TIME_REFUSALS[implausible]);
    this.withMoves(socket, () => this.checkedPosition(socket, input, ms, ack))?.catch((error: Error) =>
      this.logger.warn({ err: error.message }, 'courier position not checked'),
    );
  }

  private checkedPosition(socket: TrackingSocket, input: z.infer<typeof PositionSchema>, ms: number, ack: Ack<'courier:position'>) {
    const user = socket.data.user;
    // The live position only moves on: the same one again (its answer lost) is answered as kept, an older one refused.
    const lastMs = socket.data.moves!.check.last?.ms;
    if (lastMs === ms) return ack?.(KEPT);
    const older = checkPositionTime(ms, this.nowMs, lastMs);
    if (older) return ack?.(TIME_REFUSALS[older]);
    if (this.impossibleMove(socket, { latitude: input.lat, longitude: input.lng, ms })) return ack?.(IMPOSSIBLE_MOVE);
    const position: CourierPosition = {
      courier_id: user.id,
      lat: input.lat,
      lng: input.lng,
      heading: input.heading ?? null,
      speed: input.speed ?? null,
      accuracy: input.accuracy ?? null,
      at: new Date(ms).toISOString(),
      observed_speed_kmh: this.observeSpeed(socket, { latitude: input.lat, longitude: input.lng, ms }),
    };
    const known = this.knownCourses(socket);
    if (known) return this.live.accept(position, known, ack);
    this.activeCourses(socket).then(
      (courses) => this.live.accept(position, courses, ack),
      (error: Error) => this.logger.warn({ err: error.message }, 'active courses not read'),
    );
  }

  /**
   * Positions buffered through a drop (issue 22): checked like single ones, the batch refused when one is in the
   * future or absurdly old, those older than the window dropped; all go to the trail with their own times, in order,
   * once each (issue 34: a point whose time the courier's trail already has adds nothing, so a batch sent again adds
   * nothing); only the latest is broadcast and kept as the live position (unless a newer one arrived meanwhile). One
   * batch a second. A position whose move is impossible is dropped, as a single one is.
   */
  private async positionsBatch(socket: TrackingSocket, body: unknown): Promise<PositionsAck> {
    const user = socket.data.user;
    if (!isCourier(user.role)) return NOT_A_COURIER;
    const parsed = PositionsSchema.safeParse(body);
    if (!parsed.success) {
      return { ok: false, code: 'INVALID_POSITION', detail: `Positions invalides (de 1 à ${POSITION_BATCH_MAX} positions valides).` };
    }
    const prepared = prepareBatch(user.id, parsed.data.positions, this.clock.now());
    if (!prepared.ok) return { ok: false, code: 'INVALID_POSITION', detail: prepared.detail };
    // Judged against the courier's state, after the single positions that came before it.
    await this.withMoves(socket, () => undefined);
    const points = prepared.points.filter((point) => !this.impossibleMove(socket, { latitude: point.lat, longitude: point.lng, ms: Date.parse(point.at) }));
    const latest = points.at(-1);
    if (!latest) return { ok: true, stored: 0, dropped: prepared.dropped + prepared.points.length };
    for (const point of points) {
      latest.observed_speed_kmh = this.observeSpeed(socket, { latitude: point.lat, longitude: point.lng, ms: Date.parse(point.at) });
    }
    const saved = await this.positions.saveBatchIfDue(points, this.clock.now().getTime());
    if (saved.live === 'limited') return { ok: false, code: 'RATE_LIMITED', detail: 'Un lot de positions par seconde au plus.' };
    const fresh = points.filter((_, index) => saved.fresh[index]);
    this.metrics.positions.inc(fresh.length);
    const courses = await this.activeCourses(socket);
    if (saved.live === 'saved') this.live.broadcast(latest, courses);
    for (const point of fresh) this.trail.add(point, courses);
    return { ok: true, stored: fresh.length, dropped: prepared.dropped + prepared.points.length - fresh.length };
  }

  /**
   * Runs `run` with the courier's impossible-move state on the socket (issue 34): at once while the socket's copy is
   * fresh, else after reading it from Redis; the positions that arrive meanwhile wait behind, in order. A failed read
   * answers nobody (the phone sends the position again).
   */
  private withMoves<T>(socket: TrackingSocket, run: () => T): T | Promise<T> {
    const data = socket.data;
    if (!data.movesReady && data.moves && this.nowMs - data.moves.atMs < MOVES_FRESH_MS) {
      data.moves.atMs = this.nowMs;
      return run();
    }
    const ready = (data.movesReady ?? Promise.resolve()).then(async () => {
      if (!data.moves || this.nowMs - data.moves.atMs >= MOVES_FRESH_MS) {
        data.moves = { check: await this.positions.fixCheckOf(data.user.id), atMs: this.nowMs };
      }
      data.moves.atMs = this.nowMs;
      return run();
    });
    const settled = ready.then(
      () => undefined,
      () => undefined,
    );
    data.movesReady = settled;
    void settled.then(() => {
      if (data.movesReady === settled) data.movesReady = undefined;
    });
    return ready;
  }

  /**
   * Whether a fix is an impossible move from the courier's last believed one (checkFix, on the state withMoves read):
   * then it is kept off the map, kept with the courier as doubted (the next fix agreeing with it is believed, on any
   * socket), and flagged on their active courses (or on the courier), once a minute at most.
   */
  private impossibleMove(socket: TrackingSocket, fix: Fix): boolean {
    const refused = checkFix(socket.data.moves!.check, fix, this.config.POSITION_MAX_SPEED_KMH);
    if (!refused) return false;
    const courierId = socket.data.user.id;
    const failed = (error: Error) => this.logger.warn({ err: error.message }, 'impossible move not flagged');
    this.positions.keepDoubt(courierId, fix).catch(failed);
    this.positions
      .flagDue(courierId, FLAG_EVERY_MS)
      .then((due) => (due ? this.flag(socket, refused) : undefined))
      .catch(failed);
    return true;
  }

  private async flag(socket: TrackingSocket, move: RefusedMove) {
    const { id, role } = socket.data.user;
    await this.tracking.flagPosition(id, role, await this.activeCourses(socket), move);
  }

  /**
   * Adds a position to the socket's speed window and answers the courier's speed after it. Before the rate gate: a
   * position refused for coming too soon still says where the courier was, and when.
   */
  private observeSpeed(socket: TrackingSocket, sample: SpeedSample): number | null {
    return observeSpeed((socket.data.speed ??= emptySpeedWindow()), sample);
  }

  /** The socket's active courses while they are known and fresh (undefined: to be read again). */
  private knownCourses(socket: TrackingSocket): string[] | undefined {
    const cached = socket.data.courses;
    return cached && this.nowMs - cached.readAt < COURSES_TTL_MS ? cached.ids : undefined;
  }

  private async activeCourses(socket: TrackingSocket): Promise<string[]> {
    const known = this.knownCourses(socket);
    if (known) return known;
    const ids = (await this.tracking.activeCoursesOfCourier(socket.data.user.id)).map((course) => course.id);
    socket.data.courses = { ids, readAt: this.nowMs };
    return ids;
  }

  /** The courier's sockets on this process read their active courses again on their next position. */
  private forgetCourses(courierId: string) {
    for (const socketId of this.server.sockets.adapter.rooms.get(rooms.user(courierId)) ?? []) {
      const socket = this.server.sockets.sockets.get(socketId);
      if (socket) socket.data.courses = FORGOTTEN;
    }
  }

  onModuleDestroy() {
    clearInterval(this.clockTimer);
  }
}

/** A client event's body and its ack, as Nest's adapter read them: an event sent with only an ack has no body. */
function bodyAndAck<E extends keyof ClientToServerEvents>(body: unknown, ack: unknown): [unknown, Ack<E>] {
  if (typeof body === 'function') return [undefined, body as Ack<E>];
  return [body, typeof ack === 'function' ? (ack as Ack<E>) : undefined];
}
