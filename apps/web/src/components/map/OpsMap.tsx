import 'leaflet/dist/leaflet.css';
import './map.css';
import './OpsMap.css';
import { STALE_POSITION_OPACITY } from '@coursa/domain';
import L from 'leaflet';
import { memo, useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, Tooltip, useMap } from 'react-leaflet';
import { MapZoom } from './MapZoom';

export interface OpsCourier {
  id: string;
  lat: number;
  lng: number;
  /** Name or short id shown in the tooltip. */
  label: string;
  /** True while the courier carries a course. */
  inTransit: boolean;
  /** « Arrivée estimée dans 12 min » for the course they carry, when known. */
  eta: string | null;
  /** « Position d'il y a 3 min » once the position is older than a minute (drawn faded then), else null. */
  stale: string | null;
}

/** A course waiting too long for a courier, shown at its pickup (issue 24). */
export interface OpsWaitingCourse {
  id: string;
  lat: number;
  lng: number;
  /** « CRS-000123 · en attente depuis 12 min ». */
  label: string;
}

interface OpsMapProps {
  couriers: readonly OpsCourier[];
  waiting?: readonly OpsWaitingCourse[];
  label?: string;
}

const TILE_URL: string = import.meta.env?.VITE_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
/** Conakry, where the platform operates. */
const CONAKRY: [number, number] = [9.5716, -13.6476];

const icon = (inTransit: boolean) =>
  L.divIcon({
    className: `map-marker ops-map__marker ops-map__marker--${inTransit ? 'transit' : 'idle'}`,
    html: '<span aria-hidden="true">🛵</span>',
    iconSize: [30, 30],
    iconAnchor: [15, 15],
  });
const ICONS = { transit: icon(true), idle: icon(false) };
const WAITING_ICON = L.divIcon({
  className: 'map-marker ops-map__marker--waiting',
  html: '<span aria-hidden="true">⏳</span>',
  iconSize: [30, 30],
  iconAnchor: [15, 15],
});

/** Couriers online on a Leaflet map, each marker moving in place as positions arrive. */
export default function OpsMap({ couriers, waiting = [], label = 'Carte des livreurs en ligne' }: OpsMapProps) {
  return (
    <div className="map-frame ops-map" role="region" aria-label={label}>
      {/* MapContainer's props are only read on first render; FitCouriers frames the map afterwards. */}
      <MapContainer center={CONAKRY} zoom={12} className="ops-map__canvas" scrollWheelZoom={false} zoomControl={false}>
        <MapZoom />
        <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap" />
        {couriers.map((courier) => (
          // Leaflet reads a marker's title and alt once: a courier whose name arrives later gets a new marker.
          <CourierMarker key={`${courier.id}:${courier.label}`} {...courier} />
        ))}
        {waiting.map((course) => (
          <Marker key={`${course.id}:${course.label}`} position={[course.lat, course.lng]} icon={WAITING_ICON} alt={`Course ${course.label}`} title={course.label}>
            <Tooltip>{course.label}</Tooltip>
          </Marker>
        ))}
        <FitCouriers couriers={couriers} />
      </MapContainer>
    </div>
  );
}

const CourierMarker = memo(function CourierMarker({ lat, lng, label, inTransit, eta, stale }: OpsCourier) {
  // A new position object only when the courier really moved.
  const at = useMemo<[number, number]>(() => [lat, lng], [lat, lng]);
  return (
    <Marker position={at} icon={inTransit ? ICONS.transit : ICONS.idle} alt={`Livreur ${label}`} title={label} opacity={stale ? STALE_POSITION_OPACITY : 1}>
      <Tooltip>
        {label} · {inTransit ? 'en course' : 'disponible'}
        {eta && ` · ${eta}`}
        {stale && ` · ${stale}`}
      </Tooltip>
    </Marker>
  );
});

/** Frames the couriers when the set of couriers changes, widens the view when one leaves it (not on every move). */
function FitCouriers({ couriers }: { couriers: readonly OpsCourier[] }) {
  const map = useMap();
  const framed = useRef<string | null>(null);
  useEffect(() => {
    if (!couriers.length) return;
    const ids = couriers.map((courier) => courier.id).sort().join();
    const points = couriers.map((courier) => L.latLng(courier.lat, courier.lng));
    const view = map.getBounds();
    const bounds = L.latLngBounds(points);
    if (framed.current !== ids) map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15, animate: false });
    // A courier leaving the view widens it rather than recentring, so the operator sees the move.
    else if (!points.every((point) => view.contains(point))) map.fitBounds(bounds.extend(view), { padding: [32, 32], animate: false });
    framed.current = ids;
  }, [map, couriers]);
  return null;
}
