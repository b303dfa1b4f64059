import { Injectable } from '@nestjs/common';
import type { CourierPosition } from '@coursa/contracts';
import { RedisService } from '../../common/redis/redis.service.js';

/** A position older than this no longer counts as "online". */
const FRESH_SECONDS = 10 * 60;

/**
 * Every live position that arrived in one event-loop turn, in one call. KEYS: the GEO set, then the gate and the
 * position key of each position; ARGV: the seconds a position stays fresh, then lng, lat, courier id and JSON of each.
 * Answers 1 (kept) or 0 (the courier sent one less than a second ago) for each, in order.
 */
const SAVE_EACH_IF_DUE = `
local kept = {}
for i = 1, (#KEYS - 1) / 2 do
  local a = 4 * i - 2
  if redis.call('SET', KEYS[2 * i], '1', 'PX', 1000, 'NX') then
    redis.call('GEOADD', KEYS[1], ARGV[a], ARGV[a + 1], ARGV[a + 2])
    redis.call('SET', KEYS[2 * i + 1], ARGV[a + 3], 'EX', ARGV[1])
    kept[i] = 1
  else
    kept[i] = 0
  end
end
return kept`;

/** Positions per call of SAVE_EACH_IF_DUE: a turn with more makes several calls (Lua's stack holds a few thousand). */
const SAVE_CHUNK = 1000;

/**
 * A batch's latest position. KEYS: the batch gate, the GEO set, the position key; ARGV: lng, lat, courier id, JSON,
 * the seconds it stays fresh, its time: one batch a second at most (0), kept as the
 * live position only when newer than the one stored (1), else left alone (2): a single position sent meanwhile wins.
 */
const SAVE_LATEST_IF_DUE = `
if not redis.call('SET', KEYS[1], '1', 'PX', 1000, 'NX') then return 0 end
local stored = redis.call('GET', KEYS[3])
if stored and cjson.decode(stored)['at'] >= ARGV[6] then return 2 end
redis.call('GEOADD', KEYS[2], ARGV[1], ARGV[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[5])
return 1`;

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

  private get geoKey() {
    return this.redis.key('couriers', 'geo');
  }

  private positionKey(courierId: string) {
    return this.redis.key('courier', courierId, 'position');
  }

  /**
   * Keeps each position unless its courier sent one less than a second ago: the gate, the GEO set and the courier's
   * key of every position in one round trip (a second one each thousand). Answers, in order, whether each was kept.
   */
  async saveEachIfDue(positions: readonly CourierPosition[]): Promise<boolean[]> {
    const kept: boolean[] = [];
    for (let start = 0; start < positions.length; start += SAVE_CHUNK) {
      const chunk = positions.slice(start, start + SAVE_CHUNK);
      const keys: string[] = [this.geoKey];
      const args: (string | number)[] = [FRESH_SECONDS];
      for (const position of chunk) {
        keys.push(this.redis.key('courier', position.courier_id, 'gate'), this.positionKey(position.courier_id));
        args.push(position.lng, position.lat, position.courier_id, JSON.stringify(position));
      }
      for (const answer of await this.saveEach(keys.length, ...keys, ...args)) kept.push(answer === 1);
    }
    return kept;
  }

  /**
   * The latest position of a batch sent after a drop: 'limited' when the courier sent a batch less than a second ago,
   * 'saved' when it became their live position, 'older' when the one stored is as recent (nothing changed then).
   */
  async saveLatestIfDue(position: CourierPosition): Promise<'limited' | 'saved' | 'older'> {
    const saved = await this.redis.client.eval(
      SAVE_LATEST_IF_DUE,
      3,
      this.redis.key('courier', position.courier_id, 'batch-gate'),
      this.geoKey,
      this.positionKey(position.courier_id),
      position.lng,
      position.lat,
      position.courier_id,
      JSON.stringify(position),
      FRESH_SECONDS,
      position.at,
    );
    return saved === 0 ? 'limited' : saved === 1 ? 'saved' : 'older';
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
