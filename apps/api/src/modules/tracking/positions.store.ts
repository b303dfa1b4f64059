import { Injectable } from '@nestjs/common';
import type { CourierPosition } from '@coursa/contracts';
import { POSITION_BATCH_WINDOW_MS, MAX_CLOCK_SKEW_MS, type Fix } from '@coursa/domain';
import { RedisService } from '../../common/redis/redis.service.js';

/**
 * The hash tag of every live-position key (issue 41): the saving scripts and the MGETs take many couriers' keys with
 * the GEO set in one call, so on a cluster they all live in one slot (one shard carries the tracking path).
 */
export const POSITIONS = 'positions';

/** A position older than this no longer counts as "online". */
const FRESH_SECONDS = 10 * 60;

/**
 * Every live position that arrived in one event-loop turn, in one call. KEYS: the GEO set, then for each position its
 * courier's gate, position key, last accepted fix, doubted fix and trail times; ARGV: the seconds a position stays
 * fresh, the seconds the last accepted fix is kept, the time below which trail times are forgotten, then lng, lat,
 * courier id, JSON, the accepted fix's JSON and the time (epoch ms) of each. Answers 1 (kept) or 0 (the courier sent
 * one less than a second ago) for each, in order. A kept position is the courier's last accepted fix (issue 34: the
 * impossible-move check and the handover read it, whatever socket comes next) and its time is remembered for the trail.
 */
const SAVE_EACH_IF_DUE = `
local kept = {}
for i = 1, (#KEYS - 1) / 5 do
  local k = 5 * i - 3
  local a = 6 * i - 2
  if redis.call('SET', KEYS[k], '1', 'PX', 1000, 'NX') then
    redis.call('GEOADD', KEYS[1], ARGV[a], ARGV[a + 1], ARGV[a + 2])
    redis.call('SET', KEYS[k + 1], ARGV[a + 3], 'EX', ARGV[1])
    redis.call('SET', KEYS[k + 2], ARGV[a + 4], 'EX', ARGV[2])
    redis.call('DEL', KEYS[k + 3])
    redis.call('ZADD', KEYS[k + 4], ARGV[a + 5], ARGV[a + 5])
    redis.call('ZREMRANGEBYSCORE', KEYS[k + 4], '-inf', '(' .. ARGV[3])
    redis.call('EXPIRE', KEYS[k + 4], ARGV[1] * 2)
    kept[i] = 1
  else
    kept[i] = 0
  end
end
return kept`;

/** Positions per call of SAVE_EACH_IF_DUE: a turn with more makes several calls (Lua's stack holds a few thousand). */
const SAVE_CHUNK = 500;

/**
 * A batch sent after a drop. KEYS: the batch gate, the GEO set, the position key, the last accepted fix, the doubted
 * fix, the trail times; ARGV: lng, lat, courier id, JSON of the latest, the seconds it stays fresh, its time (ISO), the
 * accepted fix's JSON, the seconds it is kept, the time below which trail times are forgotten, then the time (epoch ms)
 * of every point. Answers {0} when the courier sent a batch less than a second ago; else {1 when the latest became the
 * live position (newer than the one stored), 2 when it was left alone (a single position sent meanwhile wins), then 1
 * for each point new to the trail and 0 for one already there} (issue 34: a batch sent again adds nothing).
 */
const SAVE_BATCH_IF_DUE = `
if not redis.call('SET', KEYS[1], '1', 'PX', 1000, 'NX') then return {0} end
local answer = {2}
for i = 10, #ARGV do
  answer[i - 8] = redis.call('ZADD', KEYS[6], 'NX', ARGV[i], ARGV[i])
end
redis.call('ZREMRANGEBYSCORE', KEYS[6], '-inf', '(' .. ARGV[9])
redis.call('EXPIRE', KEYS[6], ARGV[5] * 2)
local stored = redis.call('GET', KEYS[3])
if stored and cjson.decode(stored)['at'] >= ARGV[6] then return answer end
redis.call('GEOADD', KEYS[2], ARGV[1], ARGV[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[5])
redis.call('SET', KEYS[4], ARGV[7], 'EX', ARGV[8])
redis.call('DEL', KEYS[5])
answer[1] = 1
return answer`;

/**
 * How long a courier's last accepted fix is kept (issue 34): longer than the live position's ten minutes, so that a
 * courier quiet for a while is still judged from where they were (150 km/h for an hour covers any trip in Conakry).
 */
const FIX_SECONDS = 60 * 60;

/** The last position the server accepted from a courier: where and when the phone measured it, and when it arrived. */
export interface AcceptedFix extends Fix {
  /** The server's clock when it was accepted (epoch ms). */
  receivedMs: number;
}

/** What the impossible-move check knows of a courier (issue 24, kept with the courier since issue 34). */
export interface StoredFixCheck {
  last?: AcceptedFix;
  doubt?: Fix;
}

/** Latest courier positions in Redis: a GEO set for "who is where", one key per courier for the details. */
@Injectable()
export class PositionsStore {
  /** SAVE_EACH_IF_DUE by its SHA (ioredis sends the body only when Redis does not have it yet). */
  private readonly saveEach: (keyCount: number, ...keysThenArgs: (string | number)[]) => Promise<number[]>;

  constructor(private readonly redis: RedisService) {
    redis.client.defineCommand('coursaSaveEachIfDue', { lua: SAVE_EACH_IF_DUE });
    const client = redis.client as unknown as { coursaSaveEachIfDue: PositionsStore['saveEach'] };
    this.saveEach = (...args) => client.coursaSaveEachIfDue(...args);
  }

  /** The GEO set of every courier with a position. */
  get geoKey() {
    return this.redis.groupKey(POSITIONS, 'couriers', 'geo');
  }

  /** One of a courier's keys (the live position by default). */
  keyOf(courierId: string, what: 'position' | 'fix' | 'doubt' | 'trail-times' | 'gate' | 'batch-gate' | 'position-flagged' = 'position') {
    return this.redis.groupKey(POSITIONS, 'courier', courierId, what);
  }

  /** The SCAN pattern of every courier's keys (the sweep of keys left without an expiry). */
  get courierKeysPattern() {
    return `${this.redis.groupKey(POSITIONS, 'courier')}:*`;
  }

  private positionKey(courierId: string) {
    return this.keyOf(courierId, 'position');
  }

  /** The courier's keys that the saving scripts write beside the live position. */
  private fixKeys(courierId: string) {
    return [this.keyOf(courierId, 'fix'), this.keyOf(courierId, 'doubt'), this.keyOf(courierId, 'trail-times')];
  }

  /** The accepted fix as kept with the courier. */
  private static acceptedJson(position: CourierPosition, receivedMs: number): string {
    const fix: AcceptedFix = { latitude: position.lat, longitude: position.lng, ms: Date.parse(position.at), receivedMs };
    return JSON.stringify(fix);
  }

  /** Trail times older than this are forgotten: no position that old is taken (POSITION_BATCH_WINDOW_MS). */
  private static forgetBelow(receivedMs: number) {
    return receivedMs - POSITION_BATCH_WINDOW_MS - MAX_CLOCK_SKEW_MS;
  }

  /**
   * Keeps each position unless its courier sent one less than a second ago: the gate, the GEO set and the courier's
   * keys of every position in one round trip (a second one each 500). Each kept position becomes its courier's last
   * accepted fix, received at `receivedMs` (the server's clock). Answers, in order, whether each was kept.
   */
  async saveEachIfDue(positions: readonly CourierPosition[], receivedMs: number): Promise<boolean[]> {
    const kept: boolean[] = [];
    for (let start = 0; start < positions.length; start += SAVE_CHUNK) {
      const chunk = positions.slice(start, start + SAVE_CHUNK);
      const keys: string[] = [this.geoKey];
      const args: (string | number)[] = [FRESH_SECONDS, FIX_SECONDS, PositionsStore.forgetBelow(receivedMs)];
      for (const position of chunk) {
        keys.push(this.keyOf(position.courier_id, 'gate'), this.positionKey(position.courier_id), ...this.fixKeys(position.courier_id));
        args.push(position.lng, position.lat, position.courier_id, JSON.stringify(position), PositionsStore.acceptedJson(position, receivedMs), Date.parse(position.at));
      }
      for (const answer of await this.saveEach(keys.length, ...keys, ...args)) kept.push(answer === 1);
    }
    return kept;
  }

  /**
   * A batch sent after a drop, its points in time order: 'limited' when the courier sent a batch less than a second ago;
   * else whether its latest became their live position ('saved', and their last accepted fix) or the one stored is as
   * recent ('older', nothing changed then), and which points are new to the trail (a point whose time the trail has for
   * this courier is not: a batch sent twice adds nothing the second time).
   */
  async saveBatchIfDue(points: readonly CourierPosition[], receivedMs: number): Promise<{ live: 'limited' } | { live: 'saved' | 'older'; fresh: boolean[] }> {
    const latest = points.at(-1)!;
    const answer = (await this.redis.client.eval(
      SAVE_BATCH_IF_DUE,
      6,
      this.keyOf(latest.courier_id, 'batch-gate'),
      this.geoKey,
      this.positionKey(latest.courier_id),
      ...this.fixKeys(latest.courier_id),
      latest.lng,
      latest.lat,
      latest.courier_id,
      JSON.stringify(latest),
      FRESH_SECONDS,
      latest.at,
      PositionsStore.acceptedJson(latest, receivedMs),
      FIX_SECONDS,
      PositionsStore.forgetBelow(receivedMs),
      ...points.map((point) => Date.parse(point.at)),
    )) as number[];
    if (answer[0] === 0) return { live: 'limited' };
    return { live: answer[0] === 1 ? 'saved' : 'older', fresh: answer.slice(1).map((added) => added === 1) };
  }

  /**
   * What the impossible-move check knows of the courier (issue 34): their last accepted fix and the last one refused as
   * a jump, kept in Redis with the courier rather than on a socket, so a new connection is judged like the old one.
   */
  async fixCheckOf(courierId: string): Promise<StoredFixCheck> {
    const [fix, doubt] = await this.redis.client.mget(this.fixKeys(courierId).slice(0, 2));
    return { ...(fix && { last: JSON.parse(fix) as AcceptedFix }), ...(doubt && { doubt: JSON.parse(doubt) as Fix }) };
  }

  /** The last position the server accepted from the courier, with when it arrived (null: none in the last hour). */
  async lastAccepted(courierId: string): Promise<AcceptedFix | null> {
    const stored = await this.redis.client.get(this.fixKeys(courierId)[0]!);
    return stored ? (JSON.parse(stored) as AcceptedFix) : null;
  }

  /** When each courier's last accepted position arrived (epoch ms, the server's clock; null: none in the last hour), in one round trip. */
  async lastReceivedEach(courierIds: readonly string[]): Promise<(number | null)[]> {
    if (!courierIds.length) return [];
    const stored = await this.redis.client.mget(courierIds.map((id) => this.fixKeys(id)[0]!));
    return stored.map((value) => (value ? (JSON.parse(value) as AcceptedFix).receivedMs : null));
  }

  /** A fix refused as a jump: the next one agreeing with it is believed, on whatever socket it comes. */
  async keepDoubt(courierId: string, fix: Fix): Promise<void> {
    await this.redis.client.set(this.fixKeys(courierId)[1]!, JSON.stringify(fix), 'EX', FRESH_SECONDS);
  }

  /** Whether a jump of this courier may be flagged for ops now: once a minute at most, whatever the sockets. */
  async flagDue(courierId: string, everyMs: number): Promise<boolean> {
    return (await this.redis.client.set(this.keyOf(courierId, 'position-flagged'), '1', 'PX', everyMs, 'NX')) === 'OK';
  }

  async latest(courierId: string): Promise<CourierPosition | null> {
    const stored = await this.redis.client.get(this.positionKey(courierId));
    return stored ? (JSON.parse(stored) as CourierPosition) : null;
  }

  /**
   * The couriers with a fresh position within `km` of a point, nearest first, with their distance in km (the GEO set
   * answers by distance; a courier whose position has gone stale, its key expired, is left out). With `count`, only
   * the `count` nearest in the set are answered and checked (not every courier in reach, each with their position read).
   */
  async nearby(latitude: number, longitude: number, km: number, count?: number): Promise<{ courierId: string; km: number }[]> {
    return (await this.nearbyEach([{ latitude, longitude }], km, count))[0]!;
  }

  /**
   * `nearby` for each of several points, in two round trips whatever their number: the searches in one pipeline, then
   * the positions of every courier found, each read once (the dispatch view's 20 waiting courses were 40 round trips).
   */
  async nearbyEach(points: readonly { latitude: number; longitude: number }[], km: number, count?: number): Promise<{ courierId: string; km: number }[][]> {
    if (!points.length) return [];
    const searches = this.redis.client.pipeline();
    for (const { latitude, longitude } of points) {
      if (count) searches.geosearch(this.geoKey, 'FROMLONLAT', longitude, latitude, 'BYRADIUS', km, 'km', 'ASC', 'COUNT', count, 'WITHDIST');
      else searches.geosearch(this.geoKey, 'FROMLONLAT', longitude, latitude, 'BYRADIUS', km, 'km', 'ASC', 'WITHDIST');
    }
    const found = (await searches.exec())!.map(([error, answer]) => {
      if (error) throw error;
      return answer as [string, string][];
    });
    const ids = [...new Set(found.flat().map(([courierId]) => courierId))];
    if (!ids.length) return found.map(() => []);
    const stored = await this.redis.client.mget(ids.map((id) => this.positionKey(id)));
    const fresh = new Set(ids.filter((_, index) => stored[index]));
    return found.map((near) => near.flatMap(([courierId, distance]) => (fresh.has(courierId) ? [{ courierId, km: Number(distance) }] : [])));
  }

  /**
   * Takes out of the GEO set the couriers whose position has expired (issue 25: a set member has no expiry of its own),
   * a thousand at a time; answers how many went.
   */
  async pruneStale(): Promise<number> {
    let removed = 0;
    let cursor = '0';
    do {
      const [next, flat] = await this.redis.client.zscan(this.geoKey, cursor, 'COUNT', 1000);
      cursor = next;
      const ids = flat.filter((_, index) => index % 2 === 0);
      if (!ids.length) continue;
      const stored = await this.redis.client.mget(ids.map((id) => this.positionKey(id)));
      const stale = ids.filter((_, index) => !stored[index]);
      if (stale.length) removed += await this.redis.client.zrem(this.geoKey, ...stale);
    } while (cursor !== '0');
    return removed;
  }

  /** How many couriers have a position (stale ones leave the count when `online()` prunes them). */
  count(): Promise<number> {
    return this.redis.client.zcard(this.geoKey);
  }

  /** Every courier with a fresh position; stale ones leave the GEO set. */
  async online(): Promise<CourierPosition[]> {
    const ids = await this.redis.client.zrange(this.geoKey, 0, -1);
    if (!ids.length) return [];
    const stored = await this.redis.client.mget(ids.map((id) => this.positionKey(id)));
    const stale = ids.filter((_, index) => !stored[index]);
    if (stale.length) await this.redis.client.zrem(this.geoKey, ...stale);
    return stored.filter((value): value is string => !!value).map((value) => JSON.parse(value) as CourierPosition);
  }
}
