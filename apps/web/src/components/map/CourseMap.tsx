import 'leaflet/dist/leaflet.css';
import './map.css';
import './CourseMap.css';
import { STALE_POSITION_OPACITY } from '@coursa/domain';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, Polyline, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { MapZoom } from './MapZoom';

export interface MapPoint {
  lat: number;
  lng: number;
}

interface CourseMapProps {
  pickup: MapPoint;
  delivery: MapPoint;
  courier?: MapPoint | null;
  /** The courier's position is old (issue 37): drawn faded, as a position that no longer moves. */
  courierStale?: boolean;
  /** The route the courier rode ([latitude, longitude] points, as GET /courses/:id/tracking gives it), once the course ended. */
  route?: readonly (readonly [number, number])[] | null;
  /** Accessible name of the map region. */
  label?: string;
  /** The viewer himself (the courier on his navigation map, issue 38): his own marker, apart from the courier's. */
  me?: MapPoint | null;
}

const TILE_URL: string = import.meta.env?.VITE_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

const icon = (kind: 'pickup' | 'delivery' | 'courier' | 'me', text: string) =>
  L.divIcon({
    className: `map-marker course-map__marker course-map__marker--${kind}`,
    html: `<span aria-hidden="true">${text}</span>`,
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });

const ICONS = { pickup: icon('pickup', 'A'), delivery: icon('delivery', 'B'), courier: icon('courier', '🛵'), me: icon('me', '●') };

/**
 * A course on a Leaflet map: pickup (A), delivery (B) and, when known, the courier moving in place; the route the
 * courier rode as a solid line when given, else a dashed line from A to B.
 */
export default function CourseMap({ pickup, delivery, courier, courierStale = false, route, label = 'Carte de la course', me }: CourseMapProps) {
  // A new position object only when the point really moved, so markers are not reset on every render.
  const pickupAt = useMemo<[number, number]>(() => [pickup.lat, pickup.lng], [pickup.lat, pickup.lng]);
  const deliveryAt = useMemo<[number, number]>(() => [delivery.lat, delivery.lng], [delivery.lat, delivery.lng]);
  const courierAt = useMemo<[number, number] | null>(
    () => (courier ? [courier.lat, courier.lng] : null),
    [courier?.lat, courier?.lng], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const meAt = useMemo<[number, number] | null>(
    () => (me ? [me.lat, me.lng] : null),
    [me?.lat, me?.lng], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const routeAt = useMemo(() => (route?.length ? route.map(([lat, lng]) => [lat, lng] as [number, number]) : null), [route]);

  return (
    <div className="map-frame course-map" role="region" aria-label={label}>
      {/* MapContainer's props are only read on first render; FitCourse moves the map afterwards. */}
      <MapContainer center={pickupAt} zoom={13} className="course-map__canvas" scrollWheelZoom={false} zoomControl={false}>
        <MapZoom />
        <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap" />
        {routeAt ? (
          <Polyline positions={routeAt} pathOptions={{ color: '#2563eb', weight: 4 }} />
        ) : (
          <Polyline positions={[pickupAt, deliveryAt]} pathOptions={{ color: '#2563eb', dashArray: '6 6', weight: 3 }} />
        )}
        <Marker position={pickupAt} icon={ICONS.pickup} title="Retrait">
          <Tooltip>Retrait</Tooltip>
        </Marker>
        <Marker position={deliveryAt} icon={ICONS.delivery} title="Livraison">
          <Tooltip>Livraison</Tooltip>
        </Marker>
        {courierAt && (
          <Marker position={courierAt} icon={ICONS.courier} zIndexOffset={1000} title="Livreur" opacity={courierStale ? STALE_POSITION_OPACITY : 1}>
            <Tooltip>{courierStale ? 'Livreur (position ancienne)' : 'Livreur'}</Tooltip>
          </Marker>
        )}
        {meAt && (
          <Marker position={meAt} icon={ICONS.me} zIndexOffset={1100} title="Vous êtes ici">
            <Tooltip>Vous êtes ici</Tooltip>
          </Marker>
        )}
        <FitCourse pickup={pickupAt} delivery={deliveryAt} route={routeAt} />
      </MapContainer>
    </div>
  );
}

/** Frames both points and the route whenever they change (not when the courier moves). */
function FitCourse({ pickup, delivery, route }: { pickup: [number, number]; delivery: [number, number]; route: [number, number][] | null }) {
  const map = useMap();
  const framed = useRef<string | null>(null);
  useEffect(() => {
    const points = [pickup, delivery, ...(route ?? [])];
    const key = points.map((point) => point.join()).join('|');
    if (framed.current === key) return;
    framed.current = key;
    map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 16 });
  }, [map, pickup, delivery, route]);
  return null;
}
