import { describe, expect, it } from '@jest/globals';
import { newTestService } from '../../../../../test/support/test-service.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { StaffNotificationsRepository } from './staff-notifications.repository.js';
import { StaffNotificationsService } from './staff-notifications.service.js';

const STAFF = { id: 'staff-1', role: 'support' } as AuthUser;
const NOTICE = { id: 'n-1', kind: 'claim', message: 'Nouvelle réclamation de Mariama Diallo', createdAt: new Date('2026-11-25T10:00:00Z'), read: false };

function setUp() {
  const t = newTestService(StaffNotificationsService);
  return { ...t, notifications: t.mock(StaffNotificationsRepository) };
}

describe('StaffNotificationsService', () => {
  it('lists the notices newest first with whether this staff member read each, and counts them', async () => {
    const t = setUp();
    t.notifications.page.mockResolvedValue({ rows: [NOTICE], nextCursor: 'next' });
    t.notifications.count.mockResolvedValue(7);

    await expect(t.sut.list(STAFF, { limit: 20 })).resolves.toEqual({
      notifications: [{ id: 'n-1', kind: 'claim', message: 'Nouvelle réclamation de Mariama Diallo', created_at: '2026-11-25T10:00:00.000Z', read: false }],
      next_cursor: 'next',
      total: 7,
    });
    expect(t.notifications.page).toHaveBeenCalledWith('staff-1', false, { limit: 20 });
    expect(t.notifications.count).toHaveBeenCalledWith('staff-1', false);
  });

  it('keeps the unread ones only when asked', async () => {
    const t = setUp();
    t.notifications.page.mockResolvedValue({ rows: [], nextCursor: null });
    t.notifications.count.mockResolvedValue(0);
    await t.sut.list(STAFF, { limit: 20, unread: 'true' });
    expect(t.notifications.page).toHaveBeenCalledWith('staff-1', true, expect.anything());
    expect(t.notifications.count).toHaveBeenCalledWith('staff-1', true);
  });

  it('marks a notice read for the staff member, and refuses an unknown one', async () => {
    const t = setUp();
    t.notifications.exists.mockResolvedValue(true);
    await expect(t.sut.markRead(STAFF, 'n-1')).resolves.toEqual({ id: 'n-1', read: true });
    expect(t.notifications.markRead).toHaveBeenCalledWith('staff-1', 'n-1');

    t.notifications.exists.mockResolvedValue(false);
    await expect(t.sut.markRead(STAFF, 'n-2')).rejects.toMatchObject({ code: 'NOTIFICATION_NOT_FOUND', status: 404 });
    expect(t.notifications.markRead).toHaveBeenCalledTimes(1);
  });

  it('marks everything read and says how many were unread', async () => {
    const t = setUp();
    t.notifications.markAllRead.mockResolvedValue(3);
    await expect(t.sut.markAllRead(STAFF)).resolves.toEqual({ marked: 3 });
    expect(t.notifications.markAllRead).toHaveBeenCalledWith('staff-1');
  });
});
