import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf, routeQuery } from '@/lib/query-client';

export const adminDashboardQueries = {
  stats: () => routeQuery('GET /api/dashboard/stats'),
  /** Courses waiting too long for a courier, with the nearest available ones (issue 24). */
  dispatch: () => routeQuery('GET /api/admin/dispatch'),
  /** Couriers on a course who have gone quiet (issue 37): « Livreurs sans position ». */
  silentCouriers: () => routeQuery('GET /api/admin/couriers/silent'),
  /** The notices kept for staff (issue 38), newest first, read or not by the one signed in. */
  notifications: () => pagedQuery('GET /api/admin/notifications'),
  /** The unread ones: only their count (X-Total-Count) is read. */
  unreadNotifications: () => pagedQuery('GET /api/admin/notifications', { unread: 'true', limit: 1 }),
};

/** A notice kept, read or marked read: both lists of notices are read again. */
export const notificationsChanged = () => [everyQueryOf('GET /api/admin/notifications')];

export const adminDashboardApi = {
  /** Sets the short-lived cookie the queue board's pages need (README "Operations"); answers where the board is. */
  queueBoardSession: () => apiClient.call('POST /api/admin/queue-board/session'),
  markNotificationRead: (id: string) => apiClient.call('POST /api/admin/notifications/:id/read', { params: { id } }),
  markAllNotificationsRead: () => apiClient.call('POST /api/admin/notifications/read-all'),
};
