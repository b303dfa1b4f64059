import { describe, expect, it } from '@jest/globals';
import { OutboxRepository } from '../../../common/outbox/outbox.repository.js';
import { newTestService } from '../../../../../../test/support/test-service.js';
import type { WebhookAnswer } from '../webhook-sender.js';
import { WebhooksRepository, type DeliveryToSend } from '../webhooks.repository.js';
import { disabledReason, RecordAttemptUseCase } from './record-attempt.use-case.js';

const NOW = new Date('2026-11-25T10:00:00Z');
const DUE = new Date('2026-11-25T09:59:59Z');
const OK: WebhookAnswer = { statusCode: 204, latencyMs: 35, responseExcerpt: null, error: null };
const DOWN: WebhookAnswer = { statusCode: 503, latencyMs: 120, responseExcerpt: 'Service Unavailable', error: 'Réponse 503 : un code 2xx est attendu.' };

const delivery = (attempts: number): DeliveryToSend => ({
  id: 'd1',
  endpointId: 'e1',
  eventType: 'delivery.delivered',
  courseId: 'c1',
  outboxEventId: 7n,
  payload: {},
  status: 'pending',
  attempts,
  nextAttemptAt: DUE,
  createdAt: DUE,
  deliveredAt: null,
  endpoint: { id: 'e1', url: 'https://boutique.example.gn/hooks', secretSealed: 'sealed', previousSecretSealed: null, previousSecretExpiresAt: null, disabledAt: null },
});

function setUp({ settled = true, failuresBefore = 0, env = {} as NodeJS.ProcessEnv } = {}) {
  const t = newTestService(RecordAttemptUseCase, { now: NOW, env: { WEBHOOK_RETRY_BASE_MS: '30000', WEBHOOK_DISABLE_AFTER_FAILURES: '5', ...env } });
  const deliveries = t.mock(WebhooksRepository);
  deliveries.settle.mockResolvedValue(settled);
  deliveries.lockForFailures.mockResolvedValue({ id: 'e1', merchantId: 'm1', url: 'https://boutique.example.gn/hooks', consecutiveFailures: failuresBefore, disabledAt: null });
  return { ...t, deliveries, outbox: t.mock(OutboxRepository) };
}

describe('RecordAttemptUseCase', () => {
  it('logs a 2xx, marks the delivery succeeded and starts the endpoint’s failures from zero', async () => {
    const t = setUp();
    expect(await t.sut.execute(delivery(2), OK, DUE)).toEqual({ retryAt: null });
    // One statement: the try, the delivery settled if it is still due at DUE, then the endpoint's reset.
    expect(t.deliveries.recordSuccess).toHaveBeenCalledWith({ deliveryId: 'd1', attemptedAt: DUE, ...OK }, DUE, { attempts: 3, deliveredAt: NOW });
    expect(t.deliveries.addAttempt).not.toHaveBeenCalled();
    expect(t.deliveries.settle).not.toHaveBeenCalled();
  });

  it('schedules the next try on the three-day schedule after a failure', async () => {
    const t = setUp();
    expect(await t.sut.execute(delivery(0), DOWN, DUE)).toEqual({ retryAt: new Date(NOW.getTime() + 30_000) });
    expect(await t.sut.execute(delivery(3), DOWN, DUE)).toEqual({ retryAt: new Date(NOW.getTime() + 3600_000) });
    expect(t.deliveries.settle).toHaveBeenLastCalledWith(t.tx, 'd1', DUE, { status: 'pending', attempts: 4, nextAttemptAt: new Date(NOW.getTime() + 3600_000) });
    expect(t.deliveries.lockForFailures).not.toHaveBeenCalled();
  });

  it('fails the delivery for good after its last try, one more failure in a row for its endpoint', async () => {
    const t = setUp({ failuresBefore: 2 });
    expect(await t.sut.execute(delivery(9), DOWN, DUE)).toEqual({ retryAt: null });
    expect(t.deliveries.settle).toHaveBeenCalledWith(t.tx, 'd1', DUE, { status: 'failed', attempts: 10, nextAttemptAt: null });
    expect(t.deliveries.update).toHaveBeenCalledWith(t.tx, 'e1', { consecutiveFailures: 3 });
    expect(t.outbox.add).not.toHaveBeenCalled();
  });

  it('disables the endpoint at WEBHOOK_DISABLE_AFTER_FAILURES in a row, and tells its merchant through the outbox', async () => {
    const t = setUp({ failuresBefore: 4 });
    await t.sut.execute(delivery(9), DOWN, DUE);
    expect(t.deliveries.update).toHaveBeenCalledWith(t.tx, 'e1', { consecutiveFailures: 5, disabledAt: NOW, disabledReason: disabledReason(5) });
    expect(t.outbox.add).toHaveBeenCalledWith(t.tx, {
      type: 'webhook.disabled',
      aggregateType: 'webhook_endpoint',
      aggregateId: 'e1',
      payload: { endpointId: 'e1', merchantId: 'm1', url: 'https://boutique.example.gn/hooks', reason: disabledReason(5) },
    });
    expect(disabledReason(5)).toBe('Désactivé automatiquement : 5 webhooks d’affilée n’ont pas pu être remis, malgré les nouvelles tentatives.');
  });

  it('stops sooner with fewer tries allowed (WEBHOOK_MAX_ATTEMPTS)', async () => {
    const t = setUp({ env: { WEBHOOK_MAX_ATTEMPTS: '2' } });
    expect(await t.sut.execute(delivery(0), DOWN, DUE)).toEqual({ retryAt: new Date(NOW.getTime() + 30_000) });
    expect(await t.sut.execute(delivery(1), DOWN, DUE)).toEqual({ retryAt: null });
    expect(t.deliveries.settle).toHaveBeenLastCalledWith(t.tx, 'd1', DUE, expect.objectContaining({ status: 'failed' }));
  });

  it('leaves a delivery replayed during the try to the replay: the try is logged, nothing else changes', async () => {
    const t = setUp({ settled: false, failuresBefore: 4 });
    expect(await t.sut.execute(delivery(9), DOWN, DUE)).toEqual({ retryAt: null });
    expect(await t.sut.execute(delivery(0), DOWN, DUE)).toEqual({ retryAt: null });
    expect(await t.sut.execute(delivery(0), OK, DUE)).toEqual({ retryAt: null });
    expect(t.deliveries.addAttempt).toHaveBeenCalledTimes(2);
    // A success's statement settles only a delivery still due when it was tried: that condition is in its SQL.
    expect(t.deliveries.recordSuccess).toHaveBeenCalledTimes(1);
    expect(t.deliveries.lockForFailures).not.toHaveBeenCalled();
  });

  it('counts nothing for an endpoint already disabled', async () => {
    const t = setUp();
    t.deliveries.lockForFailures.mockResolvedValue({ id: 'e1', merchantId: 'm1', url: 'u', consecutiveFailures: 7, disabledAt: NOW });
    await t.sut.execute(delivery(9), DOWN, DUE);
    expect(t.deliveries.update).not.toHaveBeenCalled();
    expect(t.outbox.add).not.toHaveBeenCalled();
  });
});
