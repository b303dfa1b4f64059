import { describe, expect, it, jest } from '@jest/globals';
import { JobName, type SendPushPayload } from '@coursa/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { PushRefused, type PushOutcome, type PushTarget } from './push-sender.js';
import { PushProcessor } from './push.processor.js';
import { pushTexts } from './push-texts.js';

const device = (id: string) => ({ id, userId: 'user-1', endpoint: `https://push.example.com/${id}`, p256dh: 'k', auth: 'a', createdAt: new Date() });

function setUp(answers: Record<string, PushOutcome | Error>, { overLimit = 0 } = {}) {
  const rows = [device('d1'), device('d2')];
  const subscriptions = {
    ofUser: jest.fn(async () => rows),
    remove: jest.fn(async (_id: string) => undefined),
  };
  const sent: string[] = [];
  const sender = {
    send: jest.fn(async (target: PushTarget, _payload: string) => {
      const id = target.endpoint.split('/').pop()!;
      const answer = answers[id] ?? 'sent';
      if (answer instanceof Error) throw answer;
      sent.push(id);
      return answer;
    }),
  };
  const limits = { take: jest.fn(async (..._args: unknown[]) => overLimit) };
  const logger = { info: jest.fn(), warn: jest.fn() };
  const processor = new PushProcessor(subscriptions as never, sender as never, limits as never, { PUSH_PER_USER_PER_HOUR: 30 } as never, logger as never);
  const job = (payload: SendPushPayload, attemptsMade = 0) =>
    ({ data: payload, attemptsMade, opts: { attempts: 6 }, updateData: jest.fn(async () => undefined) }) as unknown as Job<SendPushPayload> & { updateData: jest.Mock };
  const run = (payload: SendPushPayload, attemptsMade = 0) => {
    const queued = job(payload, attemptsMade);
    return { queued, done: processor.handlers[JobName.SendPush]!(payload as never, queued as never) };
  };
  return { run, sent, sender, subscriptions, limits, logger };
}

const MESSAGE = pushTexts.parcelCollected('course-1');

describe('PushProcessor', () => {
  it('pushes the message to every device of the user, as JSON, counted once against the hourly cap', async () => {
    const t = setUp({});
    await t.run({ userId: 'user-1', message: MESSAGE }).done;
    expect(t.sent).toEqual(['d1', 'd2']);
    expect(JSON.parse(t.sender.send.mock.calls[0]![1])).toEqual(MESSAGE);
    expect(t.limits.take).toHaveBeenCalledTimes(1);
    expect(t.limits.take).toHaveBeenCalledWith({ counter: 'push-sent', perHour: 30 }, 'user-1');
  });

  it('drops the push past the hourly cap', async () => {
    const t = setUp({}, { overLimit: 1200 });
    await t.run({ userId: 'user-1', message: MESSAGE }).done;
    expect(t.sender.send).not.toHaveBeenCalled();
    expect(t.logger.info).toHaveBeenCalledWith({ userId: 'user-1', kind: 'parcel_collected' }, 'push dropped: hourly limit reached');
  });

  it('removes a subscription the push service no longer knows', async () => {
    const t = setUp({ d1: 'gone' });
    await t.run({ userId: 'user-1', message: MESSAGE }).done;
    expect(t.subscriptions.remove).toHaveBeenCalledWith('d1');
    expect(t.sent).toEqual(['d1', 'd2']);
  });

  it('retries a failed device later without pushing the others twice, and without counting the cap again', async () => {
    const t = setUp({ d2: new Error('push service answered 503') });
    const first = t.run({ userId: 'user-1', message: MESSAGE });
    await expect(first.done).rejects.toThrow('push service answered 503');
    expect(first.queued.updateData).toHaveBeenCalledWith({ userId: 'user-1', message: MESSAGE, sent: ['d1'] });
    const retry = setUp({});
    await retry.run({ userId: 'user-1', message: MESSAGE, sent: ['d1'] }, 1).done;
    expect(retry.sent).toEqual(['d2']);
    expect(retry.limits.take).not.toHaveBeenCalled();
  });

  it('gives up on a device refused for good, and fails for good on the last attempt', async () => {
    const refused = setUp({ d1: new PushRefused('push service answered 400') });
    await refused.run({ userId: 'user-1', message: MESSAGE }).done;
    expect(refused.sent).toEqual(['d2']);
    const last = setUp({ d1: new Error('timeout') });
    await expect(last.run({ userId: 'user-1', message: MESSAGE }, 5).done).rejects.toBeInstanceOf(UnrecoverableError);
  });
});
