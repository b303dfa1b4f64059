import { Injectable } from '@nestjs/common';
import type { CourierPosition } from '@coursa/contracts';
import { RedisService } from '../../common/redis/redis.service.js';

/** A position older than this no longer counts as "online". */
const FRESH_SECONDS = 10 * 60;

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

  /** At most one position per second per courier: true when this one may pass. */
  async passesGate(courierId: string): Promise<boolean> {
    return (await this.redis.client.set(this.redis.key('courier', courierId, 'gate'), '1', 'PX', 1000, 'NX')) === 'OK';
  }

  async save(position: CourierPosition): Promise<void> {
    await this.redis.client
      .multi()
      .geoadd(this.geoKey, position.lng, position.lat, position.courier_id)
      .set(this.positionKey(position.courier_id), JSON.stringify(position), 'EX', FRESH_SECONDS)
      .exec();
  }

  async latest(courierId: string): Promise<CourierPosition | null> {
    const stored = await this.redis.client.get(this.positionKey(courierId));
    return stored ? (JSON.parse(stored) as CourierPosition) : null;
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
