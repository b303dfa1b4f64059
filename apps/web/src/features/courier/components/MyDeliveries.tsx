import { cashToCollectText, COURSE_STATUS_LABELS, distanceText, formatGnf } from '@coursa/domain';
import { useState } from 'react';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { PhoneLink } from '@/components/ui/PhoneLink';
import { usePagedList } from '@/lib/paged-query';
import { courierQueries } from '../api/courier-api';
import { formatDateTime } from '@/lib/format';
import { courseName } from '../format';
import { DetailRow } from '@/components/ui/DetailRow';

/** A delivery staff closed without the courier's handover: no commission was recorded for it. */
const NOT_EARNED = 'Aucun : livraison clôturée par Coursa';

type Filter = 'all' | 'active' | 'delivered' | 'cancelled';
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'all', label: 'Toutes' },
  { value: 'active', label: 'En cours' },
  { value: 'delivered', label: 'Livrées' },
  { value: 'cancelled', label: 'Annulées' },
];

/** "Mes livraisons" (spec §2): newest first, a page at a time; the server filters, so every page holds the filter's. */
export function MyDeliveries() {
  const [filter, setFilter] = useState<Filter>('all');
  const list = usePagedList(courierQueries.history(filter === 'all' ? undefined : filter), (deliveries) => deliveries, { keepPrevious: true });

  // A failed first load (logged) shows as no delivery; a failed reload keeps the list.
  const shown = list.items ?? (list.isError ? [] : undefined);
  if (!shown) return <Loader />;

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Mes livraisons</h2>
        <Button variant="secondary" onClick={list.reload}>
          Actualiser
        </Button>
      </div>
      <SegmentedControl label="Filtrer les livraisons" options={FILTERS} value={filter} onChange={setFilter} />
      {shown.length === 0 && <p className="muted">Aucune livraison.</p>}
      {shown.map((delivery) => (
        <article key={delivery.id} className="card">
          <div className="card__header">
            <h3 className="card__title">
              {courseName(delivery.course_id, delivery.delivery_location.address)}
            </h3>
            <span className={`status-badge status-badge--${delivery.status}`}>{COURSE_STATUS_LABELS[delivery.status]}</span>
          </div>
          <dl className="details">
            <DetailRow label="Prix estimé" value={formatGnf(delivery.price_to_pay)} />
            {delivery.cash_to_collect !== null && <DetailRow label="Espèces" value={cashToCollectText(delivery.cash_to_collect)} />}
            <DetailRow label="Trajet" value={distanceText(delivery.trip_km)} />
            {/* Issue 34: a course staff closed as delivered earned the courier nothing. */}
            <DetailRow label="Gain" value={delivery.earnings === null ? NOT_EARNED : formatGnf(delivery.earnings)} />
            <DetailRow label="Retrait" value={delivery.pickup_location.address} />
            <DetailRow label="Livraison" value={delivery.delivery_location.address} />
            <DetailRow label="Client" value={delivery.client_contact.name} />
            <DetailRow label="Téléphone client" value={<PhoneLink phone={delivery.client_contact.phone} who={delivery.client_contact.name} />} />
            <DetailRow label="Destinataire" value={<PhoneLink phone={delivery.recipient_phone} who="le destinataire" />} />
            {delivery.pickup_contact_phone && <DetailRow label="Contact retrait" value={<PhoneLink phone={delivery.pickup_contact_phone} who="le contact au retrait" />} />}
            {delivery.delivery_contact_phone && (
              <DetailRow label="Contact livraison" value={<PhoneLink phone={delivery.delivery_contact_phone} who="le contact à la livraison" />} />
            )}
            <DetailRow label="Description" value={delivery.description || 'Aucune description'} />
            {delivery.delivery_time && <DetailRow label="Livrée le" value={formatDateTime(delivery.delivery_time)} />}
          </dl>
        </article>
      ))}
      <LoadMore list={list} />
    </div>
  );
}
