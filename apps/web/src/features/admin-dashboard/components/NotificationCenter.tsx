import { useOpsStore } from '../stores/ops-store';

const timeFormat = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', second: '2-digit' });

/** The last events of the platform: new courses, status changes, server alerts. */
export function NotificationCenter() {
  const notifications = useOpsStore((state) => state.notifications);
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h3 id="notifications-title" className="card__title">
        Centre de notifications
      </h3>
      {!notifications.length ? (
        <p className="muted">Aucun événement pour le moment.</p>
      ) : (
        <ul className="notifications" aria-live="polite">
          {notifications.map((item) => (
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
