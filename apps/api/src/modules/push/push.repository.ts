import { Injectable } from '@nestjs/common';
import type { PushSubscription } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

export type NewPushSubscription = Pick<PushSubscription, 'userId' | 'endpoint' | 'p256dh' | 'auth'>;

@Injectable()
export class PushRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** One row per endpoint: a browser subscribing again (new keys, or someone else signed in on it) replaces its row. */
  upsert(subscription: NewPushSubscription): Promise<PushSubscription> {
    const { endpoint, ...rest } = subscription;
    return this.prisma.client.pushSubscription.upsert({ where: { endpoint }, create: subscription, update: rest });
  }

  /** Removes the user's own subscription: false when it is not theirs (or no longer exists). */
  async removeOwn(userId: string, id: string): Promise<boolean> {
    const removed = await this.prisma.client.pushSubscription.deleteMany({ where: { id, userId } });
    return removed.count > 0;
  }

  /** The push service said the subscription is gone (404, 410). */
  async remove(id: string): Promise<void> {
    await this.prisma.client.pushSubscription.deleteMany({ where: { id } });
  }

  ofUser(userId: string): Promise<PushSubscription[]> {
    return this.prisma.client.pushSubscription.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });
  }
}
