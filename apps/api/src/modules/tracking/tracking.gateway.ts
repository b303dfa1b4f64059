import { Inject, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  WebSocketServer,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import {
  rooms,
  type ClientToServerEvents,
  type CourierPosition,
  type InterServerEvents,
  type OpsSnapshot,
  type OpsSnapshotAnswer,
  type PositionAck,
  type ServerToClientEvents,
  type SubscribeAck,
} from '@coursa/contracts';
import { isCourier, isStaff, type Role } from '@coursa/domain';
import type { Logger } from 'pino';
import type { Server, Socket } from 'socket.io';
import { z } from 'zod';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { LOGGER } from '../../common/logging/logger.js';
import { METRICS, type Metrics } from '../../common/ops/metrics.js';
import { RedisService } from '../../common/redis/redis.service.js';
import { isUuid } from '../../common/validation/params.js';
import { TokensService } from '../auth/tokens.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { PositionsStore } from './positions.store.js';
import { TrackingRepository } from './tracking.repository.js';

interface SocketData {
  user: { id: string; role: Role; sv: number };
  /** The courier's active courses: re-read when one of them changes status, and every minute in any case. */
  courses?: { ids: string[]; readAt: number };
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

const COURSES_TTL_MS = 60_000;
const FULL_SNAPSHOT_MS = 10_000;
const TRAIL_FLUSH_MS = 2_000;
const TRAIL_BATCH = 500;
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Socket.IO on /socket.io (DESIGN §5). The access token is checked in the handshake; the server alone decides
 * the rooms a socket is in; a socket is dropped when its token expires, and within SOCKET_SESSION_SWEEP_MS
 * (30 s) of its user being disabled or changing password.
 */
@WebSocketGateway()
export class TrackingGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  @WebSocketServer() private server!: TrackingServer;
  private readonly expiryTimers = new Map<string, NodeJS.Timeout>();
  private readonly intervals: NodeJS.Timeout[] = [];
  private trail: { position: CourierPosition; courseId: string | null }[] = [];

  constructor(
    private readonly tokens: TokensService,
    private readonly users: UsersRepository,
    private readonly tracking: TrackingRepository,
    private readonly positions: PositionsStore,
    private readonly redis: RedisService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(METRICS) private readonly metrics: Metrics,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  afterInit(server: TrackingServer) {
    server.on('courier:courses-changed', (courierId) => this.forgetCourses(courierId));
    server.use((socket, next) => {
      this.authenticate(socket as TrackingSocket).then(
        () => next(),
        () => next(new Error('UNAUTHENTICATED')),
      );
    });
    this.intervals.push(
      setInterval(() => void this.sweepSessions().catch((error) => this.logger.warn({ err: error.message }, 'session sweep failed')), this.config.SOCKET_SESSION_SWEEP_MS),
      setInterval(() => void this.flushTrail().catch((error) => this.logger.warn({ err: error.message }, 'trail flush failed')), TRAIL_FLUSH_MS),
      setInterval(() => void this.publishSnapshot().catch((error) => this.logger.warn({ err: error.message }, 'ops snapshot failed')), 1000),
    );
  }

  private async authenticate(socket: TrackingSocket) {
    const token = (socket.handshake.auth as { token?: unknown })?.token;
    const claims = typeof token === 'string' ? await this.tokens.verifyAccess(token) : null;
    if (!claims) throw new Error('invalid token');
    const user = await this.users.findAuthState(claims.sub);
    if (!user || !user.isActive || !user.activatedAt || user.anonymizedAt || user.sessionVersion !== claims.sv) throw new Error('no such session');
    socket.data.user = { id: user.id, role: user.role, sv: user.sessionVersion };
    const exp = (claims as { exp?: number }).exp;
    if (exp) {
      const timer = setTimeout(() => socket.disconnect(true), Math.min(MAX_TIMER_MS, Math.max(0, exp * 1000 - Date.now())));
      this.expiryTimers.set(socket.id, timer);
    }
  }

  async handleConnection(socket: TrackingSocket) {
    const user = socket.data.user;
    if (!user) return socket.disconnect(true);
    const joined = [rooms.user(user.id)];
    if (isStaff(user.role)) joined.push(rooms.ops);
    if (isCourier(user.role) && (await this.tracking.isAvailableCourier(user.id))) joined.push(rooms.availableCouriers);
    for (const course of await this.tracking.openCoursesOf(user.id)) joined.push(rooms.course(course.id));
    await socket.join(joined);
    this.metrics.sockets.inc();
    // Staff see the whole map at once rather than at the next full snapshot.
    if (isStaff(user.role)) socket.emit('ops:snapshot', await this.snapshot(true));
  }

  handleDisconnect(socket: TrackingSocket) {
    if (socket.data.user) this.metrics.sockets.dec();
    clearTimeout(this.expiryTimers.get(socket.id));
    this.expiryTimers.delete(socket.id);
  }

  /** Follows one course: only its client, its courier and staff are let in, whatever room a client asks for. */
  @SubscribeMessage('course:subscribe')
  async subscribe(@ConnectedSocket() socket: TrackingSocket, @MessageBody() request: unknown): Promise<SubscribeAck> {
    const courseId = (request as { course_id?: unknown })?.course_id;
    const parties = isUuid(courseId) ? await this.tracking.courseParties(courseId) : null;
    const user = socket.data.user;
    if (!parties || !(parties.clientId === user.id || parties.courierId === user.id || isStaff(user.role))) {
      return { ok: false, detail: 'Course introuvable.' };
    }
    await socket.join(rooms.course(courseId as string));
    return { ok: true };
  }

  /** Staff's dashboard asks for the whole picture when it opens (the socket may have connected long before). */
  @SubscribeMessage('ops:snapshot')
  async opsSnapshot(@ConnectedSocket() socket: TrackingSocket): Promise<OpsSnapshotAnswer> {
    if (!isStaff(socket.data.user.role)) return { ok: false, detail: 'Réservé au personnel.' };
    return { ok: true, snapshot: await this.snapshot(true) };
  }

  /** A courier's position: checked, at most one a second (extras dropped), stored, sent to their courses and to ops. */
  @SubscribeMessage('courier:position')
  async position(@ConnectedSocket() socket: TrackingSocket, @MessageBody() body: unknown): Promise<PositionAck> {
    const user = socket.data.user;
    if (!isCourier(user.role)) return { ok: false, code: 'FORBIDDEN', detail: 'Seuls les livreurs envoient leur position.' };
    const parsed = PositionSchema.safeParse(body);
    if (!parsed.success) return { ok: false, code: 'INVALID_POSITION', detail: 'Position invalide.' };
    const input = parsed.data;
    const position: CourierPosition = {
      courier_id: user.id,
      lat: input.lat,
      lng: input.lng,
      heading: input.heading ?? null,
      speed: input.speed ?? null,
      accuracy: input.accuracy ?? null,
      at: new Date(input.at).toISOString(),
    };
    if (!(await this.positions.saveIfDue(position))) {
      return { ok: false, code: 'RATE_LIMITED', detail: 'Une position par seconde au plus.' };
    }
    this.metrics.positions.inc();
    const courses = await this.activeCourses(socket);
    this.server.to([...courses.map(rooms.course), rooms.ops]).emit('courier:position', position);
    this.trail.push(...(courses.length ? courses.map((courseId) => ({ position, courseId })) : [{ position, courseId: null }]));
    if (this.trail.length >= TRAIL_BATCH) await this.flushTrail();
    return { ok: true };
  }

  private async activeCourses(socket: TrackingSocket): Promise<string[]> {
    const cached = socket.data.courses;
    if (cached && Date.now() - cached.readAt < COURSES_TTL_MS) return cached.ids;
    const ids = (await this.tracking.activeCoursesOfCourier(socket.data.user.id)).map((course) => course.id);
    socket.data.courses = { ids, readAt: Date.now() };
    return ids;
  }

  /** The courier's sockets on this process read their active courses again on their next position. */
  private forgetCourses(courierId: string) {
    for (const socketId of this.server.sockets.adapter.rooms.get(rooms.user(courierId)) ?? []) {
      const socket = this.server.sockets.sockets.get(socketId);
      if (socket) socket.data.courses = undefined;
    }
  }

  private async flushTrail() {
    if (!this.trail.length) return;
    const batch = this.trail;
    this.trail = [];
    await this.tracking.insertTrail(batch);
  }

  /** Ends the sockets of users disabled, deleted or whose password changed since they connected. */
  private async sweepSessions() {
    const sockets = [...this.server.sockets.sockets.values()] as TrackingSocket[];
    if (!sockets.length) return;
    const states = new Map((await this.tracking.authStates([...new Set(sockets.map((socket) => socket.data.user.id))])).map((state) => [state.id, state]));
    for (const socket of sockets) {
      const state = states.get(socket.data.user.id);
      if (!state || !state.isActive || state.anonymizedAt || state.sessionVersion !== socket.data.user.sv) socket.disconnect(true);
    }
  }

  /**
   * At most one snapshot a second for the whole cluster: the process that takes the lock sends it. The couriers'
   * positions ride along about every 10 s only (5 000 couriers make 750 KB); `courier:position` events fill the gaps.
   */
  private async publishSnapshot() {
    if (!this.server.sockets.adapter.rooms.get(rooms.ops)?.size) return;
    if ((await this.redis.client.set(this.redis.key('ops-snapshot'), '1', 'PX', 950, 'NX')) !== 'OK') return;
    const withCouriers = (await this.redis.client.set(this.redis.key('ops-snapshot', 'couriers'), '1', 'PX', FULL_SNAPSHOT_MS - 500, 'NX')) === 'OK';
    this.server.to(rooms.ops).emit('ops:snapshot', await this.snapshot(withCouriers));
  }

  private async snapshot(withCouriers: boolean): Promise<OpsSnapshot> {
    const midnight = new Date();
    midnight.setUTCHours(0, 0, 0, 0);
    const [online, byStatus, deliveredToday] = await Promise.all([
      withCouriers ? this.positions.online() : this.positions.count(),
      this.tracking.coursesByStatus(),
      this.tracking.deliveredSince(midnight),
    ]);
    const active = (['assigned', 'en_route_pickup', 'collected', 'en_route_delivery'] as const).reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
    return {
      at: new Date().toISOString(),
      ...(typeof online === 'number' ? {} : { couriers_online: online }),
      courses_by_status: byStatus,
      counters: { active_courses: active, couriers_online: typeof online === 'number' ? online : online.length, delivered_today: deliveredToday },
    };
  }

  async onModuleDestroy() {
    this.intervals.forEach(clearInterval);
    this.expiryTimers.forEach(clearTimeout);
    await this.flushTrail();
  }
}
