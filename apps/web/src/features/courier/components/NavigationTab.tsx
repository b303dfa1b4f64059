import type { NavigationPlaceDto } from '@coursa/contracts';
import { COURIER_NEXT_STEP, COURSE_STATUS_LABELS, DEFAULT_PACKAGE_TYPE, formatGnf, type CourseStatus } from '@coursa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { StoredPhoto } from '@/components/ui/StoredPhoto';
import { refreshCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { PhoneLink } from '@/components/ui/PhoneLink';
import { useOpenTab } from '@/lib/tabs';
import { courierQueries } from '../api/courier-api';
import { latestAnswer, runCourierAction, shownStatus, useCourierSync } from '../offline/courier-sync';
import { OfferMoney } from './OfferMoney';
import { OpenInMaps } from './OpenInMaps';
import { ScreenAwakeToggle } from './ScreenAwakeToggle';
import { OtpBlock } from './OtpBlock';
import { DeliveredCard } from './DeliveredCard';
import { courseName } from '../format';
import { useOwnPosition } from '../stores/own-position';
import { CourseTrouble } from './CourseTrouble';
import { DetailRow } from '@/components/ui/DetailRow';
import { CourseMap, loadCourseMap } from '@/components/map/lazy-maps';
import { MapLoading } from '@/components/map/MapLoading';

/** "Navigation" (spec §2): the courier's active courses, the next step, and the delivery code. */
export function NavigationTab() {
  const queryClient = useQueryClient();
  const { data, isError } = useQuery(courierQueries.activeDeliveries());
  const [chosenId, setChosenId] = useState('');
  // The course whose handover was just accepted (issue 38): it shows as delivered until the courier moves on.
  const [delivered, setDelivered] = useState<{ id: string; number: string | null } | null>(null);
  const openTab = useOpenTab();
  // Leaflet downloads while the deliveries are on their way.
  useEffect(() => {
    void loadCourseMap();
  }, []);

  // The server's answers to actions sent from the phone (at once, or when the network came back): the list and the
  // courses answered about may have changed, and a code accepted ends a delivery.
  useEffect(
    () =>
      useCourierSync.subscribe((state, previous) => {
        const fresh = state.answers.filter((answer) => !previous.answers.includes(answer));
        if (!fresh.length) return;
        void queryClient.invalidateQueries(courierQueries.activeDeliveries());
        for (const { queued } of fresh) void queryClient.invalidateQueries(courierQueries.navigation(queued.action.courseId));
        const handedOver = fresh.find(({ queued, ok }) => ok && queued.action.kind === 'verify-otp');
        if (handedOver) {
          const id = handedOver.queued.action.courseId;
          const number =
            queryClient.getQueryData(courierQueries.navigation(id).queryKey)?.course_number ??
            queryClient.getQueryData(courierQueries.activeDeliveries().queryKey)?.find((course) => course.id === id)?.course_id ??
            null;
          setDelivered({ id, number });
          // One more completed course on the home banner, without waiting for the socket.
          void refreshCurrentUser(queryClient);
        }
      }),
    [queryClient],
  );
  const pending = useCourierSync((state) => state.pending);

  // A failed load (logged) shows as no course under way.
  const courses = data ?? (isError ? [] : undefined);
  if (!courses) return <Loader />;
  const selectedId = courses.some((course) => course.id === chosenId) ? chosenId : (courses[0]?.id ?? '');

  if (delivered) {
    const remaining = courses.filter((course) => course.id !== delivered.id).length;
    const next = () => {
      setDelivered(null);
      setChosenId('');
      if (remaining === 0) openTab('available-courses');
    };
    return <DeliveredCard number={delivered.number} remaining={remaining} onNext={next} />;
  }
  if (courses.length === 0) {
    return (
      <div className="stack">
        <section className="card empty-state">
          <h2 className="page-title">Aucune course active</h2>
          <p className="muted">Acceptez une course pour accéder à la navigation.</p>
        </section>
      </div>
    );
  }

  return (
    <div className="stack">
      <h2 className="page-title">Navigation</h2>
      <ScreenAwakeToggle />
      <Select
        label="Course active"
        value={selectedId}
        onChange={(event) => setChosenId(event.target.value)}
        options={courses.map((course) => ({
          value: course.id,
          label: `${courseName(course.course_id, course.delivery_location.address)} — ${COURSE_STATUS_LABELS[shownStatus(course.id, course.status, pending)]}`,
        }))}
      />
      {selectedId && (
        <CourseNavigation key={selectedId} courseId={selectedId} />
      )}
    </div>
  );
}

/** The steps before the parcel is collected: « Ouvrir dans Maps » leads to the pickup then. */
const PICKUP_STEPS: readonly CourseStatus[] = ['pending', 'assigned', 'en_route_pickup'];

/** Shown beside a course while something the courier did with it is kept on the phone (issue 22). */
export const WAITING_FOR_NETWORK = 'En attente de réseau';

/**
 * One course under way. A step goes through the courier's outbox: made without network it shows at once, marked
 * « En attente de réseau », and is sent in order when the network returns (a refusal then shows the server's reason).
 */
function CourseNavigation({ courseId }: { courseId: string }) {
  // Read again when its status changes (socket) and when the server answers a step sent from the phone.
  const { data: course } = useQuery(courierQueries.navigation(courseId));
  const [updating, setUpdating] = useState(false);
  const pending = useCourierSync((state) => state.pending);
  const stepAnswer = useCourierSync((state) => latestAnswer(state.answers, courseId, 'update-status'));
  const me = useOwnPosition();

  if (!course) return <Loader />;
  const status = shownStatus(courseId, course.status, pending);
  const waiting = pending.some(({ action }) => action.courseId === courseId);
  const next = COURIER_NEXT_STEP[status];

  async function advance(to: NonNullable<typeof next>['to']) {
    setUpdating(true);
    try {
      await runCourierAction({ kind: 'update-status', courseId, status: to });
    } catch (error) {
      console.error(error);
    } finally {
      setUpdating(false);
    }
  }

  const { pickup_location: pickup, delivery_location: delivery } = course;
  // Where the courier rides next: the pickup until the parcel is collected, then the delivery point.
  const headingTo = PICKUP_STEPS.includes(status) ? pickup : delivery;
  return (
    <div className="stack">
      <section className="card">
        <div className="card__header">
          <h3 className="card__title">Course {course.course_number}</h3>
          <span className={`status-badge status-badge--${status}`}>{COURSE_STATUS_LABELS[status]}</span>
        </div>
        {waiting && (
          <p className="waiting-badge" role="status">
            {WAITING_FOR_NETWORK}
          </p>
        )}
        {stepAnswer && !stepAnswer.ok && <Alert tone="error">{errorMessage(stepAnswer.error, "L'étape n'a pas été acceptée.")}</Alert>}
        <Suspense fallback={<MapLoading kind="course" />}>
          <CourseMap
            label="Carte de navigation"
            pickup={{ lat: pickup.latitude, lng: pickup.longitude }}
            delivery={{ lat: delivery.latitude, lng: delivery.longitude }}
            me={me}
          />
        </Suspense>
        <p className="muted">
          Livraison : {delivery.latitude.toFixed(4)}, {delivery.longitude.toFixed(4)}
        </p>
        <div className="nav-points">
          <div>
            <strong>📍 Retrait</strong>
            <p>{pickup.address}</p>
            {course.pickup_place && <KnownPlace place={course.pickup_place} />}
            {pickup.instructions && <p className="muted">{pickup.instructions}</p>}
          </div>
          <div>
            <strong>🏁 Livraison</strong>
            <p>{delivery.address}</p>
            {course.delivery_place && <KnownPlace place={course.delivery_place} />}
            {delivery.instructions && <p className="muted">{delivery.instructions}</p>}
          </div>
        </div>
        <OpenInMaps target={{ latitude: headingTo.latitude, longitude: headingTo.longitude, label: headingTo.address }} />
        <OfferMoney cash={course.cash_to_collect} tripKm={course.trip_km} />
        {next && (
          <Button disabled={updating} onClick={() => void advance(next.to)}>
            {updating ? 'Mise à jour...' : next.label}
          </Button>
        )}
      </section>
      {status === 'en_route_delivery' && <OtpBlock courseId={courseId} proof={{ required: course.proof_photo_required, taken: course.proof_photo_taken }} lockedAtStart={course.otp_locked} />}
      <CourseTrouble courseId={courseId} status={status} />
      <section className="card">
        <h3 className="card__title">Contacts</h3>
        <dl className="details">
          <DetailRow label={course.client_contact.name} value={<PhoneLink phone={course.client_contact.phone} who={course.client_contact.name} />} />
          {course.recipient_phone && <DetailRow label="Destinataire" value={<PhoneLink phone={course.recipient_phone} who="le destinataire" />} />}
          {course.pickup_contact_phone && <DetailRow label="Contact retrait" value={<PhoneLink phone={course.pickup_contact_phone} who="le contact au retrait" />} />}
          {course.delivery_contact_phone && <DetailRow label="Contact livraison" value={<PhoneLink phone={course.delivery_contact_phone} who="le contact à la livraison" />} />}
        </dl>
      </section>
      <section className="card">
        <h3 className="card__title">Détails</h3>
        <dl className="details">
          <DetailRow label="Description" value={course.description || 'Aucune description'} />
          <DetailRow label="Type de colis" value={course.package_type || DEFAULT_PACKAGE_TYPE} />
          <DetailRow label="Prix estimé" value={formatGnf(course.price_to_pay)} />
          <DetailRow label="Course" value={course.course_number} />
        </dl>
        {course.photo_url && <StoredPhoto url={course.photo_url} alt="Photo du colis" />}
      </section>
    </div>
  );
}

/** The place book's place the client chose for that end (issue 39): its name, and the usual instructions staff wrote for it. */
function KnownPlace({ place }: { place: NavigationPlaceDto }) {
  return (
    <>
      <p className="nav-points__place">Lieu connu : {place.name}</p>
      {place.instructions && <p className="muted">Consignes habituelles : {place.instructions}</p>}
    </>
  );
}
