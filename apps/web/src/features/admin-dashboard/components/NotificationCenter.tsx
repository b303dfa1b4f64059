import type { StaffNotificationDto } from '@coursa/contracts';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { adminDashboardApi, adminDashboardQueries, notificationsChanged } from '../api/admin-dashboard-api';
import { useOpsStore } from '../stores/ops-store';

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });
const dayTimeFormat = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', hour: '2-digit', minute: '2-digit' });

export const NOTIFICATION_MESSAGES = {
  loadFailed: 'Impossible de charger les notifications',
  markFailed: 'Impossible de marquer la notification comme lue',
  none: 'Aucune notification.',
  unread: (count: number) => (count > 1 ? `${count} non lues` : `${count} non lue`),
} as const;

/**
 * The notices staff must look at (claims, support requests, payment requests, failed transfers, the weekly run's
 * report), kept server-side so a reload keeps them, each read or not by the one signed in (issue 38); below them, the
 * live events of the platform (new courses, status changes, alerts), which only the open dashboard sees.
 */
export function NotificationCenter() {
  const kept = usePagedList(adminDashboardQueries.notifications(), (page) => page);
  const unread = usePagedList(adminDashboardQueries.unreadNotifications(), (page) => page).total ?? 0;
  const live = useOpsStore((state) => state.notifications);
  const markAll = useChange(adminDashboardApi.markAllNotificationsRead, notificationsChanged);
  const markOne = useChange(adminDashboardApi.markNotificationRead, notificationsChanged);
  const failure = markAll.error ?? markOne.error;

  return (
    <section className="card stack" aria-labelledby="notifications-title">
      <div className="card__header">
        <h3 id="notifications-title" className="card__title">
          Centre de notifications {unread > 0 && <span className="notifications__unread">{NOTIFICATION_MESSAGES.unread(unread)}</span>}
        </h3>
        {unread > 0 && (
          <Button variant="secondary" onClick={() => markAll.mutate(undefined)} disabled={markAll.isPending}>
            Tout marquer comme lu
          </Button>
        )}
      </div>
      {failure && <Alert tone="error">{errorMessage(failure, NOTIFICATION_MESSAGES.markFailed)}</Alert>}
      {kept.isError && <p className="empty-state">{NOTIFICATION_MESSAGES.loadFailed}</p>}
      {kept.isPending && <Loader />}
      {kept.items?.length === 0 && <p className="muted">{NOTIFICATION_MESSAGES.none}</p>}
      {kept.items && kept.items.length > 0 && (
        <ul className="notifications" aria-label="Notifications">
          {kept.items.map((item) => (
            <KeptNotice key={item.id} notice={item} onRead={() => markOne.mutate(item.id)} pending={markOne.isPending} />
          ))}
        </ul>
      )}
      <LoadMore list={kept} />
      <h4 className="card__title">En direct</h4>
      {!live.length ? (
        <p className="muted">Aucun événement pour le moment.</p>
      ) : (
        <ul className="notifications" aria-live="polite" aria-label="En direct">
          {live.map((item) => (
            <li key={item.id} className={`notifications__item notifications__item--${item.kind}`}>
              <time dateTime={item.at} className="muted">
                {timeFormat.format(new Date(item.at))}
              </time>
              <span>{item.message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function KeptNotice({ notice, onRead, pending }: { notice: StaffNotificationDto; onRead: () => void; pending: boolean }) {
  return (
    <li className={`notifications__item notifications__item--${notice.read ? 'read' : 'unread'}`}>
      <time dateTime={notice.created_at} className="muted">
        {dayTimeFormat.format(new Date(notice.created_at))}
        {!notice.read && ' · non lue'}
      </time>
      <span>{notice.message}</span>
      {!notice.read && (
        <Button variant="secondary" onClick={onRead} disabled={pending} aria-label={`Marquer comme lue : ${notice.message}`}>
          Marquer comme lue
        </Button>
      )}
    </li>
  );
}
