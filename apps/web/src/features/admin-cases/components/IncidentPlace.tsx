import type { StaffSupportRequestDto } from '@coursa/contracts';
import { formatDate } from '@/lib/format';

/**
 * Issue 38: an incident a courier reported after collecting the parcel, its kind and where he was then (his phone's
 * position, else his last live one), with a link to see the place on a map.
 */
export function IncidentPlace({ request }: { request: Pick<StaffSupportRequestDto, 'incident_label' | 'position'> }) {
  if (!request.incident_label && !request.position) return null;
  const { position } = request;
  return (
    <p className="alert alert--info">
      {request.incident_label && <strong>Incident : {request.incident_label}</strong>}
      {position && (
        <>
          {request.incident_label && <br />}
          Position du livreur{position.at && ` (${formatDate(position.at)})`} :{' '}
          <a href={`https://www.openstreetmap.org/?mlat=${position.latitude}&mlon=${position.longitude}#map=17/${position.latitude}/${position.longitude}`} target="_blank" rel="noreferrer">
            {position.latitude.toFixed(5)}, {position.longitude.toFixed(5)}
          </a>
        </>
      )}
    </p>
  );
}
