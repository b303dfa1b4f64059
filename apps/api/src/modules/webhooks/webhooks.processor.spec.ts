import { describe, expect, it, jest } from '@jest/globals';
import { JobName, type SendWebhookPayload } from '@coursa/contracts';
import { DelayedError, type Job } from 'bullmq';
import { Webhook } from 'standardwebhooks';
import { loadConfig } from '../../common/config/config.js';
import { SecretBox } from '../../common/security/secrets.js';
import { newTestService } from '../../../../../test/support/test-service.js';
import { RecordAttemptUseCase } from './use-cases/record-attempt.use-case.js';
import { WEBHOOK_SENDER, type WebhookAnswer, type WebhookSender } from './webhook-sender.js';
import { webhookSecretFrom } from './webhook-signature.js';
import { ORDER_RECHECK_MS, WebhooksProcessor } from './webhooks.processor.js';
import { WebhooksRepository, type DeliveryToSend } from './webhooks.repository.js';

const NOW = new Date();
const box = new SecretBox(loadConfig({}));
const SECRET = webhookSecretFrom('q3UYzvXlbRh1LHlfF4iPaxyB3xmFhW-LbNGxXhCMxtA');
const OLD_SECRET = webhookSecretFrom('AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8');
const PAYLOAD = { type: 'delivery.picked_up', timestamp: '2026-11-25T10:00:00.000Z', data: { id: 'c1', status: 'collected', total: 26_000 } };
const OK: WebhookAnswer = { statusCode: 200, latencyMs: 40, responseExcerpt: 'ok', error: null };

const delivery = (changes: Partial<DeliveryToSend> = {}, endpoint: Partial<DeliveryToSend['endpoint']> = {}): DeliveryToSend => ({
  id: 'd0e1f2a3-b4c5-4d6e-8f70-8192a3b4c5d6',
  endpointId: 'e1',
  eventType: 'delivery.picked_up',
  courseId: 'c1',
  outboxEventId: 42n,
  payload: PAYLOAD,
  status: 'pending',
  attempts: 0,
  nextAttemptAt: new Date(NOW.getTime() - 1000),
  createdAt: NOW,
  deliveredAt: null,
  endpoint: { id: 'e1', url: 'https://boutique.example.gn/hooks', secretSealed: box.seal(SECRET), previousSecretSealed: null, previousSecretExpiresAt: null, disabledAt: null, ...endpoint },
  ...changes,
});

/** A job as BullMQ hands it out: where it was moved to is kept. */
function fakeJob() {
  const moves: number[] = [];
  const job = {
    data: { deliveryId: 'd0e1f2a3-b4c5-4d6e-8f70-8192a3b4c5d6' },
    token: 'lock-token',
    async moveToDelayed(at: number, token?: string) {
      expect(token).toBe('lock-token');
      moves.push(at);
    },
  } as unknown as Job<SendWebhookPayload>;
  return { job, moves };
}

function setUp(row: DeliveryToSend | null, { answer = OK, retryAt = null as Date | null, earlier = null as { nextAttemptAt: Date | null } | null, pendingAfter = false } = {}) {
  const sender = { post: jest.fn<WebhookSender['post']>(async () => answer) };
  const t = newTestService(WebhooksProcessor, { now: NOW, use: [[WEBHOOK_SENDER, sender], [SecretBox, box]] });
  const repository = t.mock(WebhooksRepository);
  repository.forSending.mockResolvedValue(row);
  repository.earlierUnfinished.mockResolvedValue(earlier);
  repository.isPending.mockResolvedValue(pendingAfter);
  const record = t.mock(RecordAttemptUseCase);
  record.execute.mockResolvedValue({ retryAt });
  const run = (job: Job<SendWebhookPayload>) => t.sut.handlers[JobName.SendWebhook]!(job.data, job);
  return { ...t, sender, repository, record, run };
}

describe('WebhooksProcessor', () => {
  it('sends the stored body, signed so that a Standard Webhooks receiver verifies it, and logs the try', async () => {
    const row = delivery();
    const t = setUp(row);
    const { job, moves } = fakeJob();
    await t.run(job);
    const [url, headers, body] = t.sender.post.mock.calls[0]!;
    expect(url).toBe('https://boutique.example.gn/hooks');
    expect(body).toBe(JSON.stringify(PAYLOAD));
    expect(headers).toMatchObject({ 'webhook-id': `msg_${row.id}`, 'webhook-timestamp': String(Math.floor(NOW.getTime() / 1000)) });
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(PAYLOAD);
    expect(t.record.execute).toHaveBeenCalledWith(row, OK, NOW);
    expect(moves).toEqual([]);
  });

  it('signs with the previous secret too while a rotation overlaps, and no longer after', async () => {
    const during = setUp(delivery({}, { previousSecretSealed: box.seal(OLD_SECRET), previousSecretExpiresAt: new Date(NOW.getTime() + 3600_000) }));
    await during.run(fakeJob().job);
    const [, headers, body] = during.sender.post.mock.calls[0]!;
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    for (const secret of [SECRET, OLD_SECRET]) expect(new Webhook(secret).verify(body, headers)).toEqual(PAYLOAD);

    const after = setUp(delivery({}, { previousSecretSealed: box.seal(OLD_SECRET), previousSecretExpiresAt: new Date(NOW.getTime() - 1) }));
    await after.run(fakeJob().job);
    const [, later] = after.sender.post.mock.calls[0]!;
    expect(later['webhook-signature']!.split(' ')).toHaveLength(1);
    expect(() => new Webhook(OLD_SECRET).verify(body, later)).toThrow();
  });

  it('waits in the queue until the next try when the try failed and tries are left', async () => {
    const retryAt = new Date(NOW.getTime() + 30_000);
    const t = setUp(delivery(), { answer: { statusCode: 500, latencyMs: 12, responseExcerpt: null, error: 'Réponse 500 : un code 2xx est attendu.' }, retryAt });
    const { job, moves } = fakeJob();
    await expect(t.run(job)).rejects.toBeInstanceOf(DelayedError);
    expect(moves).toEqual([retryAt.getTime()]);
  });

  it('keeps the order of a course: an earlier delivery to the same endpoint still unfinished is waited for, nothing sent', async () => {
    const earlierTry = new Date(NOW.getTime() + 120_000);
    const t = setUp(delivery(), { earlier: { nextAttemptAt: earlierTry } });
    const { job, moves } = fakeJob();
    await expect(t.run(job)).rejects.toBeInstanceOf(DelayedError);
    expect(t.repository.earlierUnfinished).toHaveBeenCalledWith(expect.objectContaining({ endpointId: 'e1', courseId: 'c1', outboxEventId: 42n }));
    expect(moves).toEqual([earlierTry.getTime() + ORDER_RECHECK_MS]);
    expect(t.sender.post).not.toHaveBeenCalled();
    expect(t.record.execute).not.toHaveBeenCalled();

    // Being sent right now, or an earlier event still being relayed: looked at again shortly.
    const now = setUp(delivery(), { earlier: { nextAttemptAt: null } });
    const second = fakeJob();
    await expect(now.run(second.job)).rejects.toBeInstanceOf(DelayedError);
    expect(second.moves).toEqual([NOW.getTime() + ORDER_RECHECK_MS]);
  });

  it('does nothing for a delivery done, deleted, or not yet due (a job run early waits again)', async () => {
    for (const row of [null, delivery({ status: 'succeeded' }), delivery({ status: 'failed' })]) {
      const t = setUp(row);
      await t.run(fakeJob().job);
      expect(t.sender.post).not.toHaveBeenCalled();
    }
    const due = new Date(NOW.getTime() + 60_000);
    const early = setUp(delivery({ nextAttemptAt: due }));
    const { job, moves } = fakeJob();
    await expect(early.run(job)).rejects.toBeInstanceOf(DelayedError);
    expect(moves).toEqual([due.getTime()]);
    expect(early.sender.post).not.toHaveBeenCalled();
  });

  it('sends nothing to a disabled endpoint: the delivery fails without a try', async () => {
    const t = setUp(delivery({}, { disabledAt: NOW }));
    await t.run(fakeJob().job);
    expect(t.sender.post).not.toHaveBeenCalled();
    expect(t.repository.abandon).toHaveBeenCalledWith('d0e1f2a3-b4c5-4d6e-8f70-8192a3b4c5d6');
  });

  it('sends a delivery replayed while it was being tried once more, at once', async () => {
    const t = setUp(delivery(), { pendingAfter: true });
    const { job, moves } = fakeJob();
    await expect(t.run(job)).rejects.toBeInstanceOf(DelayedError);
    expect(moves).toEqual([NOW.getTime()]);
  });
});
