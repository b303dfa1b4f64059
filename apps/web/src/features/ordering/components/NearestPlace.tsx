import type { NearestPlaceResponse } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/ui/Button';
import { useSettledValue } from '@/hooks/use-search-term';
import { orderingQueries } from '../api/ordering-api';

interface NearestPlaceProps {
  /** The point as placed (on the map, by GPS or typed), or null. */
  at: { latitude: number; longitude: number } | null;
  /** The address typed: a place already named so is not offered again. */
  address: string;
  /** Whether the point already carries a known place. */
  named: boolean;
  onUse: (place: NonNullable<NearestPlaceResponse['place']>) => void;
}

/** A spot picked on the map suggests the nearest known place's name (issue 39): « Lieu connu ici : … », one tap to take it. */
export function NearestPlace({ at, address, named, onUse }: NearestPlaceProps) {
  const spot = useSettledValue(at ? `${at.latitude.toFixed(5)},${at.longitude.toFixed(5)}` : '');
  const [lat = '', lng = ''] = spot.split(',');
  const { data } = useQuery({ ...orderingQueries.nearestPlace(lat, lng), enabled: spot !== '' && !named });
  const place = data?.place;
  if (!at || named || !place || place.name.trim() === address.trim()) return null;
  return (
    <p className="nearest-place">
      <span>
        Lieu connu ici : <strong>{place.name}</strong>
      </span>
      <Button type="button" variant="secondary" onClick={() => onUse(place)}>
        Utiliser ce nom
      </Button>
    </p>
  );
}
