import type { AvailableCourseDto } from '@coursa/contracts';
import { formatDistance, formatGnf } from '@coursa/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { liveOffersQuery } from '@/features/realtime';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';
import { courierApi, courierQueries } from '../api/courier-api';
import { useIsAvailable } from '../stores/availability';
import { OfferMoney } from './OfferMoney';
import { courseName } from '../format';

interface Offer {
  id: string;
  /** Its number (CRS-000123, issue 38); a live offer from an older server may lack it. */
  number?: string;
  /** What the client pays, after the promo discount (issue 34); the estimated price of a live offer that lacks it. */
  price: number;
  earnings?: number;
  /** The cash to collect at the delivery (null: paid online; undefined: not said). */
  cash_to_collect?: number | null;
  trip_km?: number;
  pickup_address: string;
  delivery_address: string;
  description?: string | null;
  /** Offered first for being near (issue 24): how far its pickup is. */
  distance_km?: number;
}

const fromDto = (course: AvailableCourseDto): Offer => ({
  id: course.id,
  number: course.course_id,
  price: course.price_to_pay,
  earnings: course.earnings,
  cash_to_collect: course.cash_to_collect,
  trip_km: course.trip_km,
  pickup_address: course.pickup_location.address,
  delivery_address: course.delivery_location.address,
  description: course.description,
  distance_km: course.distance_km ?? undefined,
});

/**
 * Available courses (spec §2), nearest first with their distance (oldest first for a courier with no live position), a
 * page at a time (« Voir plus »), then live additions and removals from the socket (in the query cache, see
 * features/realtime): a new course shows on top until the list is read again, a course taken or cancelled leaves it.
 */
export function AvailableCourses() {
  const available = useIsAvailable();
  const queryClient = useQueryClient();
  const list = usePagedList(courierQueries.availableCourses(), (courses) => courses.map(fromDto));
  const { data: live } = useQuery(liveOffersQuery());
  const [accepted, setAccepted] = useState<Set<string>>(new Set());
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  // The list read again holds the offers made so far (the live ones are emptied with it).
  const load = () => void queryClient.invalidateQueries(everyQueryOf('GET /api/delivery/available-courses'));

  const acceptance = useMutation({
    mutationFn: (id: string) => courierApi.accept(id),
    onMutate: () => setMessage(null),
    onSuccess: (_answer, id) => {
      setAccepted((current) => new Set(current).add(id));
      setMessage({ tone: 'success', text: 'Course acceptée ! Rendez-vous dans Navigation.' });
      // A course under way now: the navigation screen lists it, and positions are streamed.
      void queryClient.invalidateQueries(courierQueries.activeDeliveries());
    },
    onError: (error, id) => {
      setMessage({ tone: 'error', text: errorMessage(error, 'Une erreur est survenue') });
      // 409: someone else took it; it is no longer on offer.
      if (error instanceof ApiError && error.status === 409) setAccepted((current) => new Set(current).add(id));
    },
  });
  const acceptingId = acceptance.isPending ? acceptance.variables : null;

  // A failed load (logged) shows as no course on offer.
  const loaded = list.items ?? (list.isError ? [] : undefined);
  if (!loaded) return <Loader />;

  const offers: Offer[] = [
    ...live
      .filter((offer) => !loaded.some((known) => known.id === offer.id))
      .map((offer) => ({ ...offer, number: offer.course_number, price: offer.price_to_pay ?? offer.estimated_price })),
    ...loaded,
  ].filter((offer) => !accepted.has(offer.id));

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Courses disponibles</h2>
        <Button variant="secondary" onClick={load}>
          Actualiser
        </Button>
      </div>
      {message && <Alert tone={message.tone}>{message.text}</Alert>}
      {!available && <Alert tone="info">Passez disponible depuis l'accueil pour recevoir des courses.</Alert>}
      {available && offers.length === 0 && <p className="muted">Aucune course disponible pour le moment.</p>}
      {available &&
        offers.map((offer) => (
          <article key={offer.id} className="card offer" aria-label={offer.number ? `Course ${offer.number}` : 'Nouvelle course'}>
            {offer.number && <h3 className="card__title">{courseName(offer.number, offer.delivery_address)}</h3>}
            <div className="card__header">
              <strong className="offer__price">{formatGnf(offer.price)}</strong>
              {offer.earnings !== undefined && <span className="muted">Gain : {formatGnf(offer.earnings)}</span>}
            </div>
            <OfferMoney cash={offer.cash_to_collect} tripKm={offer.trip_km} />
            <p>
              📍 Retrait : {offer.pickup_address}
              {offer.distance_km !== undefined && <span className="offer__distance muted"> ({formatDistance(offer.distance_km)})</span>}
            </p>
            <p>🏁 Livraison : {offer.delivery_address}</p>
            {offer.description && <p className="muted">{offer.description}</p>}
            <Button disabled={!available || acceptingId !== null} onClick={() => acceptance.mutate(offer.id)}>
              {acceptingId === offer.id ? 'Acceptation...' : 'Accepter'}
            </Button>
          </article>
        ))}
      {available && <LoadMore list={list} />}
    </div>
  );
}

