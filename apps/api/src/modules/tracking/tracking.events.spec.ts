import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { pushTexts } from '../push/push-texts.js';
import { PushService } from '../push/push.service.js';
import { TrackingEvents } from './tracking.events.js';

const SILENCE = { courierId: 'courier-1', courierName: 'Mamadou Barry', since: '2026-11-27T10:00:00.000Z', courseIds: ['course-1', 'course-2'] };

describe('TrackingEvents: a courier gone silent', () => {
  it('tells ops, and pushes « rouvrez l’application » to the courier once for this silence, opening their first course', async () => {
    const t = newTestService(TrackingEvents);
    const handle = t.sut.outboxHandlers['courier.silent']!;
    await handle(SILENCE, { id: 1n, type: 'courier.silent', payload: SILENCE });
    expect(t.mock(RealtimeEmitter).emit).toHaveBeenCalledWith(['ops'], 'notification', { kind: 'courier_silent', message: 'Livreur sans position : Mamadou Barry' });
    expect(t.mock(PushService).notifyUser).toHaveBeenCalledWith('courier-1', pushTexts.positionSilent('course-1'), 'silent-courier-1-2026-11-27T10:00:00.000Z');
  });

  it('pushes nothing when the silence names no course', async () => {
    const t = newTestService(TrackingEvents);
    const quiet = { ...SILENCE, courseIds: [] };
    await t.sut.outboxHandlers['courier.silent']!(quiet, { id: 2n, type: 'courier.silent', payload: quiet });
    expect(t.mock(PushService).notifyUser).not.toHaveBeenCalled();
  });
});
