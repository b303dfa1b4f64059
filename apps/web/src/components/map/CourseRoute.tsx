import { routeText } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { routeQuery } from '@/lib/query-client';
import { CourseMap } from './lazy-maps';
import { MapLoading } from './MapLoading';

export const COURSE_ROUTE_MESSAGES = {
  show: 'Voir le trajet',
  hide: 'Masquer le trajet',
  missing: 'Trajet non disponible',
  loadFailed: 'Impossible de charger le trajet pour le moment.',
} as const;

/**
 * An ended course's route (issue 25), kept on the course after its raw positions go: on the course's map with its
 * length, as GET /courses/:id/tracking gives it. `missing` shows when the course has none (« Trajet non disponible »).
 * Shared by the client's courses and the back office's course list, so neither feature imports another for it; the
 * query is the route's own, shared in the cache with the tracking screen's.
 */
export function CourseRoute({ courseId, missing = <p className="muted">{COURSE_ROUTE_MESSAGES.missing}</p> }: { courseId: string; missing?: ReactNode }) {
  const { data: tracking, isError } = useQuery(routeQuery('GET /api/courses/:id/tracking', { params: { id: courseId } }));
  if (!tracking) return isError ? <p className="muted">{COURSE_ROUTE_MESSAGES.loadFailed}</p> : <Loader />;
  if (!tracking.route) return missing;
  return (
    <div className="stack course-route">
      <Suspense fallback={<MapLoading kind="course" />}>
        <CourseMap
          label="Carte du trajet"
          pickup={{ lat: tracking.pickup_location.latitude, lng: tracking.pickup_location.longitude }}
          delivery={{ lat: tracking.delivery_location.latitude, lng: tracking.delivery_location.longitude }}
          route={tracking.route.points}
        />
      </Suspense>
      <p className="course-route__km">{routeText(tracking.route.km)}</p>
    </div>
  );
}

/**
 * « Voir le trajet » / « Masquer le trajet » and, while shown, the course's route: for a list that shows one route at a
 * time (the back office's courses and claims), which keeps which one in its own state.
 */
export function CourseRouteToggle({ courseId, shown, onToggle }: { courseId: string; shown: boolean; onToggle: () => void }) {
  return (
    <>
      <Button variant="link" aria-expanded={shown} onClick={onToggle}>
        {shown ? COURSE_ROUTE_MESSAGES.hide : COURSE_ROUTE_MESSAGES.show}
      </Button>
      {shown && <CourseRoute courseId={courseId} />}
    </>
  );
}
