import { Injectable } from '@nestjs/common';
import type { CourierPosition } from '@coursa/contracts';
import { RedisService } from '../../common/redis/redis.service.js';

/** A position older than this no longer counts as "online". */
const FRESH_SECONDS = 10 * 60;

/** KEYS: gate, GEO set, position; ARGV: lng, lat, courier id, position JSON, seconds it stays fresh. */
const SAVE_IF_DUE = `
if not redis.call('SET', KEYS[1], '1', 'PX', 1000, 'NX') then return 0 end
redis.call('GEOADD', KEYS[2], ARGV[1], ARGV[2], ARGV[3])
redis.call('SET', KEYS[3], ARGV[4], 'EX', ARGV[5])
return 1`;

/**
 * A batch's latest position (KEYS and ARGV as above, ARGV[6] its time): one batch a second at most (0), kept as the
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
  constructor(private readonly redis: RedisService) {}

  private get geoKey() {
    return this.redis.key('couriers', 'geo');
  }

  private positionKey(courierId: string) {
    return this.redis.key('courier', courierId, 'position');
  }

  /**
   * Keeps the courier's position unless they sent one less than a second ago (false then): the gate, the GEO set and
   * the courier's key in one round trip.
   */
  async saveIfDue(position: CourierPosition): Promise<boolean> {
    return (await this.saveThrough(SAVE_IF_DUE, 'gate', position)) === 1;
  }

  /**
   * The latest position of a batch sent after a drop: 'limited' when the courier sent a batch less than a second ago,
   * 'saved' when it became their live position, 'older' when the one stored is as recent (nothing changed then).
   */
  async saveLatestIfDue(position: CourierPosition): Promise<'limited' | 'saved' | 'older'> {
    const saved = await this.saveThrough(SAVE_LATEST_IF_DUE, 'batch-gate', position, position.at);
    return saved === 0 ? 'limited' : saved === 1 ? 'saved' : 'older';
  }

  /** Runs one of the save scripts: its gate, the GEO set and the courier's key, then the position (and `extra`). */
  private saveThrough(script: string, gate: string, position: CourierPosition, ...extra: string[]): Promise<unknown> {
    return this.redis.client.eval(
      script,
      3,
      this.redis.key('courier', position.courier_id, gate),
      this.geoKey,
      this.positionKey(position.courier_id),
      position.lng,
      position.lat,
      position.courier_id,
      JSON.stringify(position),
      FRESH_SECONDS,
      ...extra,
    );
  }

  async latest(courierId: string): Promise<CourierPosition | null> {
    const stored = await this.redis.client.get(this.positionKey(courierId));
    return stored ? (JSON.parse(stored) as CourierPosition) : null;
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
