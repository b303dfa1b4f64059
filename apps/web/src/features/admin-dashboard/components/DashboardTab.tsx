import type { AdminCourseDto, DeliveryFlagDto, PositionFlagDto, SilentCourierDto, WaitingCourseDto } from '@coursa/contracts';
import { formatDistance, handoverFlagText, positionFlagText } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { Button } from '@/components/ui/Button';
import { adminAnalyticsQueries, AUTO_REFRESH_MS, Figure, FinancialCard, LiveActivityCard, showNumber } from '@/features/admin-analytics';
import { adminCoursesQueries, CourseAssignment } from '@/features/admin-courses';
import { MigrationOffer } from '@/features/super-admin';
import { useNow } from '@/hooks/use-now';
import { formatPhone } from '@/lib/format';
import { useOpenTab } from '@/lib/tabs';
import { adminDashboardQueries } from '../api/admin-dashboard-api';
import { useOpsFeed } from '../hooks/use-ops-feed';
import { opsActions, useOpsStore } from '../stores/ops-store';
import { Champions } from './Champions';
import { liveCouriers } from './live-couriers';
import { NotificationCenter } from './NotificationCenter';
import { QueueBoardButton } from './QueueBoardButton';
import { OpsMap } from '@/components/map/lazy-maps';
import { MapLoading } from '@/components/map/MapLoading';

/** Refreshed every 30 s (spec §9); each part may fail on its own: a failure is logged only (spec §8) and shows a dash. */
const refreshing = { refetchInterval: AUTO_REFRESH_MS, refetchIntervalInBackground: true } as const;


/** Spec §2 "Admin dashboard": counters, live map and activity, finances, champions, notifications, shortcuts. */
export function DashboardTab() {
  useOpsFeed();
  const statsQuery = useQuery({ ...adminDashboardQueries.stats(), ...refreshing });
  const analyticsQuery = useQuery({ ...adminAnalyticsQueries.analytics('30days'), ...refreshing });
  // The courses in transit come on their own, so the map does not wait for the (heavier) analytics.
  const transit = useQuery({ ...adminCoursesQueries.inTransit(), ...refreshing });
  const dispatch = useQuery({ ...adminDashboardQueries.dispatch(), ...refreshing });
  const silent = useQuery({ ...adminDashboardQueries.silentCouriers(), ...refreshing });
  const loading = statsQuery.isFetching || analyticsQuery.isFetching;
  const refresh = () => {
    void statsQuery.refetch();
    void analyticsQuery.refetch();
    void transit.refetch();
    void dispatch.refetch();
    void silent.refetch();
  };
  const openTab = useOpenTab();
  const live = useOpsStore((state) => state.counters);
  const analytics = analyticsQuery.data ?? null;
  const alerts = analytics?.alerts;

  useEffect(() => {
    if (alerts) opsActions.alerts(alerts.map((alert) => alert.message));
  }, [alerts]);

  const stats = statsQuery.data;
  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Tableau de bord</h2>
        <Button variant="secondary" onClick={refresh} disabled={loading}>
          Actualiser
        </Button>
      </div>
      <MigrationOffer />
      <section className="figures figures--kpi" aria-label="Compteurs">
        <Figure label="Utilisateurs actifs" value={showNumber(stats?.active_users)} />
        <Figure label="Commandes totales" value={showNumber(stats?.total_courses)} />
        <Figure label="En cours" value={showNumber(live?.active_courses ?? stats?.active_courses)} />
        <Figure label="Livrées" value={showNumber(stats?.completed_courses)} />
      </section>
      <LiveMap inTransit={transit.data ?? []} waiting={dispatch.data?.waiting ?? []} />
      {silent.data && silent.data.length > 0 && <SilentCouriers couriers={silent.data} />}
      {dispatch.data && dispatch.data.waiting.length > 0 && <WaitingCourses waiting={dispatch.data.waiting} after={dispatch.data.alert_after_minutes} />}
      {dispatch.data && dispatch.data.flags.length > 0 && <FlaggedHandovers flags={dispatch.data.flags} />}
      {dispatch.data && dispatch.data.position_flags.length > 0 && <FlaggedPositions flags={dispatch.data.position_flags} />}
      <LiveActivityCard analytics={analytics} onlineDeliverers={live?.couriers_online} inTransit={live?.active_courses} />
      <FinancialCard analytics={analytics} />
      <Champions champions={analytics?.top_delivery_personnel ?? []} loaded={Boolean(analytics)} />
      <NotificationCenter />
      <section className="card" aria-labelledby="quick-actions-title">
        <h3 id="quick-actions-title" className="card__title">
          Actions rapides
        </h3>
        <div className="quick-actions">
          <Button variant="secondary" onClick={() => openTab('analytics')}>
            Analytics
          </Button>
          <Button variant="secondary" onClick={() => openTab('users')}>
            Utilisateurs
          </Button>
          <Button variant="secondary" onClick={() => openTab('create-delivery')}>
            Livreurs
          </Button>
          <Button variant="secondary" onClick={() => openTab('courses')}>
            Courses
          </Button>
          <QueueBoardButton />
        </div>
      </section>
    </div>
  );
}

/** Couriers online from the `ops` room; those carrying a course (from the course list) stand out, with its ETA. */
function LiveMap({ inTransit, waiting }: { inTransit: readonly AdminCourseDto[]; waiting: readonly WaitingCourseDto[] }) {
  const positions = useOpsStore((state) => state.couriers);
  const now = useNow();
  const carrying = useMemo(() => {
    const byCourier = new Map<string, AdminCourseDto>();
    inTransit.forEach((course) => course.assigned_delivery_person_id && byCourier.set(course.assigned_delivery_person_id, course));
    return byCourier;
  }, [inTransit]);
  const couriers = useMemo(() => liveCouriers(positions, carrying, now), [positions, carrying, now]);
  const waitingMarkers = useMemo(
    () => waiting.map((course) => ({ id: course.id, lat: course.pickup_location.latitude, lng: course.pickup_location.longitude, label: waitingLabel(course) })),
    [waiting],
  );
  const onlineCount = couriers.length;
  const transitCount = couriers.filter((courier) => courier.inTransit).length;

  return (
    <section className="card" aria-labelledby="ops-map-title">
      <div className="card__header">
        <h3 id="ops-map-title" className="card__title">
          Carte en direct
        </h3>
        <span className="muted">
          {onlineCount} en ligne · {transitCount} en course
        </span>
      </div>
      <Suspense fallback={<MapLoading kind="ops" />}>
        <OpsMap couriers={couriers} waiting={waitingMarkers} />
      </Suspense>
    </section>
  );
}

const waitingLabel = (course: WaitingCourseDto) => `${course.course_id} · en attente depuis ${course.waiting_minutes} min`;

/** Courses waiting for a courier longer than the alert time (issue 24), with the nearest available couriers. */
function WaitingCourses({ waiting, after }: { waiting: readonly WaitingCourseDto[]; after: number }) {
  return (
    <section className="card card--alert" aria-labelledby="waiting-courses-title">
      <h3 id="waiting-courses-title" className="card__title">
        Courses en attente d'un livreur
      </h3>
      <p className="muted">Sans livreur depuis plus de {after} min.</p>
      <ul className="waiting-courses">
        {waiting.map((course) => (
          <li key={course.id}>
            <strong>{waitingLabel(course)}</strong> — {course.pickup_address} → {course.delivery_address}
            <br />
            {course.nearest_couriers.length ? (
              <span>
                Livreurs les plus proches :{' '}
                {course.nearest_couriers.map((courier) => `${courier.name} (${formatDistance(courier.distance_km)})`).join(', ')}
              </span>
            ) : (
              <span className="muted">Aucun livreur disponible à proximité.</span>
            )}
            <CourseAssignment course={{ id: course.id, name: course.course_id, status: 'pending', courierId: null, handBackCount: course.hand_back_count }} />
          </li>
        ))}
      </ul>
    </section>
  );
}

const clockTime = (at: string) => new Date(at).toLocaleTimeString('fr-FR', { hour: '2-digit', minute: '2-digit' });

/** Handovers of the last day whose place ops should check (issue 24). */
function FlaggedHandovers({ flags }: { flags: readonly DeliveryFlagDto[] }) {
  return (
    <section className="card card--alert" aria-labelledby="flagged-handovers-title">
      <h3 id="flagged-handovers-title" className="card__title">
        Livraisons à vérifier
      </h3>
      <ul className="waiting-courses">
        {flags.map((flag) => (
          <li key={`${flag.course_id}:${flag.at}`}>
            <strong>{flag.course_number}</strong> · {handoverFlagText(flag)}
            {flag.courier_name && ` (${flag.courier_name})`} · {clockTime(flag.at)}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Positions of the last day kept off the live map for an impossible move (issue 24). */
/** Couriers on a course from whom no position has come for a while (issue 37), the longest silence first. */
function SilentCouriers({ couriers }: { couriers: readonly SilentCourierDto[] }) {
  return (
    <section className="card card--alert" aria-labelledby="silent-couriers-title" data-testid="silent-couriers">
      <h3 id="silent-couriers-title" className="card__title">
        Livreurs sans position
      </h3>
      <ul className="waiting-courses">
        {couriers.map((courier) => (
          <li key={courier.courier_id}>
            <strong>{courier.courier_name}</strong> · {courier.course_numbers.join(', ')} · sans position depuis {clockTime(courier.since)} ·{' '}
            <a href={`tel:${courier.courier_phone}`}>{formatPhone(courier.courier_phone)}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

function FlaggedPositions({ flags }: { flags: readonly PositionFlagDto[] }) {
  return (
    <section className="card card--alert" aria-labelledby="flagged-positions-title">
      <h3 id="flagged-positions-title" className="card__title">
        Positions écartées de la carte
      </h3>
      <ul className="waiting-courses">
        {flags.map((flag) => (
          <li key={`${flag.courier_id}:${flag.course_id ?? ''}:${flag.at}`}>
            <strong>{flag.courier_name ?? 'Livreur'}</strong>
            {flag.course_number && ` · ${flag.course_number}`} · {positionFlagText(flag)} · {clockTime(flag.at)}
          </li>
        ))}
      </ul>
    </section>
  );
}
