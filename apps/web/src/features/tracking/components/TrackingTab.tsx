import type { CourseDto } from '@coursa/contracts';
import { arrivalEstimate, COURSE_STATUS_LABELS, formatGnf, routeText, stalePositionLabel, type CourseStatus } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { ProofPhotoFigure } from '@/components/ui/StoredPhoto';
import { DisputeModal } from '@/features/my-courses';
import { subscribeToCourse, useIsOnline } from '@/features/realtime';
import { useNow } from '@/hooks/use-now';
import { linkedParam } from '@/lib/deep-link';
import { formatDateTime } from '@/lib/format';
import { PhoneLink } from '@/components/ui/PhoneLink';
import { trackingQueries } from '../api/tracking-api';
import { forgetFollowedCourse, useFollowedCourse } from '../stores/followed-course';
import { DetailRow } from '@/components/ui/DetailRow';
import { CourseMap, loadCourseMap } from '@/components/map/lazy-maps';
import { MapLoading } from '@/components/map/MapLoading';

/** Spec §9: tracking refreshes every 10 s while a course is selected (and stands in for the socket when it is down). */
export const TRACKING_REFRESH_MS = 10_000;

const PICKUP_DONE: readonly CourseStatus[] = ['collected', 'en_route_delivery', 'delivered'];


/**
 * 'Suivi GPS Temps Réel' (spec §2): the client's open courses, waiting for a courier included, live: the socket's
 * status events change them in the query cache (a course accepted while the screen is open shows it at once).
 */
export function TrackingTab() {
  // The open courses, as the server filters them, then as the socket changes them.
  const { data, isError } = useQuery(trackingQueries.courses());
  // The course to show: the one « Suivre ma course » named, or a push's tap (`?course=`).
  const followed = useFollowedCourse();
  const [chosenId, setChosenId] = useState(() => followed ?? linkedParam('course') ?? '');
  useEffect(() => {
    if (followed) forgetFollowedCourse();
  }, [followed]);
  // Leaflet downloads while the courses are on their way.
  useEffect(() => {
    void loadCourseMap();
  }, []);

  // A failed load (logged) shows as no course to follow.
  const courses = data ?? (isError ? [] : undefined);
  if (!courses) return <Loader />;
  if (courses.length === 0) {
    return (
      <section className="card empty-state">
        <h2 className="page-title">Aucune course active</h2>
        <p className="muted">Vous n'avez pas de livraisons en cours à suivre.</p>
      </section>
    );
  }

  const selectedId = courses.some((course) => course.id === chosenId) ? chosenId : courses[0]!.id;
  const selected = courses.find((course) => course.id === selectedId);
  return (
    <div className="stack">
      <h2 className="page-title">Suivi GPS Temps Réel</h2>
      <Select
        label="Course à suivre"
        value={selectedId}
        onChange={(event) => setChosenId(event.target.value)}
        options={courses.map((course) => ({
          value: course.id,
          label: `${course.course_id} · ${course.delivery_location.address} — ${COURSE_STATUS_LABELS[course.status]}`,
        }))}
      />
      {selected && <CourseTracking key={selected.id} course={selected} />}
    </div>
  );
}

export function CourseTracking({ course }: { course: CourseDto }) {
  // Every 10 s whether or not the socket is up, as the spec says; a failed refresh keeps the last answer. The socket's
  // status changes and courier positions update the same data in the cache as they come (features/realtime), a status
  // change reading the times (pickup_time) again with it.
  const { data: tracking, refetch } = useQuery({
    ...trackingQueries.tracking(course.id),
    refetchInterval: TRACKING_REFRESH_MS,
    refetchIntervalInBackground: true,
  });
  const online = useIsOnline();
  const now = useNow();
  const [claiming, setClaiming] = useState(false);
  const refresh = () => void refetch();

  // Join the course's room each time the socket (re)connects.
  useEffect(() => {
    if (online) void subscribeToCourse(course.id);
  }, [online, course.id]);

  if (!tracking) return <Loader />;

  const status = tracking.status;
  const stored = tracking.delivery_person_location;
  const courier = stored ? { lat: stored.latitude, lng: stored.longitude } : null;
  // A phone in a pocket stops sending (issue 37): past a minute the position says its age and is drawn faded.
  const staleLabel = stored ? stalePositionLabel(stored.at, now) : null;
  const pickupDone = PICKUP_DONE.includes(status);
  const delivered = status === 'delivered';
  // Once delivered, the route the courier rode (kept a little after the end: a later refresh brings it).
  const route = delivered ? tracking.route : null;
  // Each live position brings the ETA with it (realtime); until one comes, the server's (from the position it has).
  const eta = tracking.eta_minutes;

  return (
    <section className="card tracking">
      <div className="card__header">
        <h3 className="card__title">Course {tracking.course_number ?? course.course_id}</h3>
        <span className={`status-badge status-badge--${status}`}>{COURSE_STATUS_LABELS[status]}</span>
      </div>
      <Suspense fallback={<MapLoading kind="course" />}>
        <CourseMap
          label="Carte de suivi"
          pickup={{ lat: tracking.pickup_location.latitude, lng: tracking.pickup_location.longitude }}
          delivery={{ lat: tracking.delivery_location.latitude, lng: tracking.delivery_location.longitude }}
          courier={delivered ? null : courier}
          courierStale={!!staleLabel}
          route={route?.points}
        />
      </Suspense>
      {route && <p className="tracking__route">{routeText(route.km)}</p>}
      {delivered && tracking.proof_photo_url && <ProofPhotoFigure url={tracking.proof_photo_url} />}
      {eta !== null && (
        <p className="tracking__eta" data-testid="arrival-estimate" aria-live="polite">
          {arrivalEstimate(status, eta)}
        </p>
      )}
      {courier && !delivered && (
        <p className="tracking__position" data-testid="courier-position">
          Position du livreur : {courier.lat.toFixed(4)}, {courier.lng.toFixed(4)}
        </p>
      )}
      {courier && !delivered && staleLabel && (
        <p className="stale-position" data-testid="stale-position">
          {staleLabel}
        </p>
      )}
      <ul className="tracking__points">
        <li className={pickupDone ? 'tracking__point tracking__point--done' : 'tracking__point'}>
          <span aria-hidden="true">{pickupDone ? '✅' : '⬜'}</span> Retrait : {tracking.pickup_location.address}
        </li>
        <li className={delivered ? 'tracking__point tracking__point--done' : 'tracking__point'}>
          <span aria-hidden="true">{delivered ? '✅' : '⬜'}</span> Livraison : {tracking.delivery_location.address}
        </li>
      </ul>
      <dl className="details">
        <DetailRow label="Course" value={tracking.course_number ?? course.course_id} />
        <DetailRow label="Prix estimé" value={formatGnf(tracking.estimated_price)} />
        <DetailRow label="Créée le" value={formatDateTime(tracking.created_at)} />
        {tracking.pickup_time && <DetailRow label="Récupérée le" value={formatDateTime(tracking.pickup_time)} />}
        {eta === null && <DetailRow label="Arrivée estimée" value={arrivalEstimate(status)} />}
      </dl>
      {!online && <p className="muted">Connexion temps réel interrompue : actualisation toutes les 10 secondes.</p>}
      <div className="button-row">
        {/* The number comes only to the course's client, only while it is under way (the API decides). */}
        {tracking.courier_contact && !delivered ? (
          <a className="button button--secondary" href={`tel:${tracking.courier_contact.phone}`}>
            Contacter le livreur
          </a>
        ) : (
          <Button variant="secondary" disabled title="Aucun livreur à contacter pour le moment">
            Contacter le livreur
          </Button>
        )}
        <Button variant="secondary" onClick={() => setClaiming(true)}>
          Signaler un problème
        </Button>
        <Button onClick={refresh}>Actualiser</Button>
      </div>
      {tracking.courier_contact && !delivered && (
        <p className="muted">
          Livreur : {tracking.courier_contact.name} · <PhoneLink phone={tracking.courier_contact.phone} who={`le livreur ${tracking.courier_contact.name}`} />
        </p>
      )}
      {claiming && <DisputeModal courseId={course.id} onClose={() => setClaiming(false)} />}
    </section>
  );
}
