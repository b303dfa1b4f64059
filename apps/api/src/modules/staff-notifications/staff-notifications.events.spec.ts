import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import { RealtimeEmitter } from '../../common/realtime/realtime-emitter.js';
import { StaffNotificationsEvents } from './staff-notifications.events.js';
import { StaffNotificationsRepository } from './staff-notifications.repository.js';

describe('StaffNotificationsEvents', () => {
  it('keeps a staff notice under its outbox event, then tells the ops room with its id', async () => {
    const t = newTestService(StaffNotificationsEvents);
    const notifications = t.mock(StaffNotificationsRepository);
    const realtime = t.mock(RealtimeEmitter);
    notifications.keep.mockResolvedValue({ id: 'n-1', createdAt: new Date('2026-11-25T10:00:00Z') });
    const payload = { kind: 'payout_failed' as const, message: 'Virement échoué : 7 000 GNF pour Ibrahima Camara, remis à son solde.' };

    await t.sut.outboxHandlers['staff.notice']!(payload, { id: 42n, type: 'staff.notice', payload });

    expect(notifications.keep).toHaveBeenCalledWith(42n, 'payout_failed', payload.message);
    expect(realtime.emit).toHaveBeenCalledWith(['ops'], 'notification', { ...payload, id: 'n-1', created_at: '2026-11-25T10:00:00.000Z' });
    expect(notifications.keep.mock.invocationCallOrder[0]!).toBeLessThan(realtime.emit.mock.invocationCallOrder[0]!);
  });
});
