import { Inject, Injectable } from '@nestjs/common';
import { JobName, type MessageResponse, type PushMessage, type PushPublicKeyResponse, type PushSubscriptionDto } from '@coursa/contracts';
import type { SubscribePushInput } from '@coursa/contracts/schemas';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { isAcceptedEndpoint } from '../../common/http/endpoint-guard.js';
import { once } from '../../common/outbox/outbox-handler.js';
import { JobQueue } from '../../common/queue/job-queue.service.js';
import { PushErrors } from './push.errors.js';
import { PushRepository } from './push.repository.js';

export const PushMessages = {
  unsubscribed: 'Notifications désactivées sur cet appareil.',
};

/**
 * Web Push (issue 37): a user's devices subscribe and unsubscribe; any module tells a user something with
 * `notifyUser`, which queues one push job (the notifications queue: retries, the per-user hourly cap) for all their
 * devices. Push is off when no VAPID pair is configured: subscribing answers 503 and `notifyUser` queues nothing.
 */
@Injectable()
export class PushService {
  constructor(
    private readonly subscriptions: PushRepository,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  get enabled(): boolean {
    return !!this.config.VAPID_PUBLIC_KEY;
  }

  publicKey(): PushPublicKeyResponse {
    if (!this.enabled) throw PushErrors.notConfigured();
    return { public_key: this.config.VAPID_PUBLIC_KEY! };
  }

  async subscribe(userId: string, input: SubscribePushInput): Promise<PushSubscriptionDto> {
    if (!this.enabled) throw PushErrors.notConfigured();
    if (!isAcceptedEndpoint(input.endpoint, this.config.PUSH_TRUSTED_ORIGINS)) throw PushErrors.endpointRefused();
    const kept = await this.subscriptions.upsert({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth });
    return { id: kept.id, created_at: kept.createdAt.toISOString() };
  }

  async unsubscribe(userId: string, id: string): Promise<MessageResponse> {
    if (!(await this.subscriptions.removeOwn(userId, id))) throw PushErrors.notFound();
    return { message: PushMessages.unsubscribed };
  }

  /**
   * Pushes `message` to every device of the user (none subscribed: nothing happens). `onceKey`: a push caused by an
   * event carries the event's key (jobIds.outboxPush), so an event relayed twice pushes once.
   */
  async notifyUser(userId: string, message: PushMessage, onceKey?: string): Promise<void> {
    if (!this.enabled) return;
    await this.jobs.add(JobName.SendPush, { userId, message }, onceKey ? once(onceKey) : undefined);
  }
}
