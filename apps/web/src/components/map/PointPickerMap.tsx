import 'leaflet/dist/leaflet.css';
import './map.css';
import './PointPickerMap.css';
import L, { type LatLngTuple } from 'leaflet';
import { useEffect, useMemo } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { MapZoom } from './MapZoom';

export type PickedPoint = 'pickup' | 'delivery';

export interface MapPoint {
  latitude: number;
  longitude: number;
}

interface PointPickerMapProps {
  pickup: MapPoint | null;
  delivery: MapPoint | null;
  /** The point a tap places. */
  active: PickedPoint;
  onPick: (point: PickedPoint, position: MapPoint) => void;
}

/** Issue 39: the map opens on the whole of Conakry's peninsula, from Kaloum's tip to the communes of the north-east. */
const CONAKRY_BOUNDS: L.LatLngBoundsExpression = [
  [9.495, -13.73],
  [9.72, -13.54],
];
const TILE_URL = import.meta.env.VITE_TILE_URL ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

const ICONS: Record<PickedPoint, L.DivIcon> = {
  pickup: L.divIcon({ className: 'point-marker point-marker--pickup', html: 'A', iconSize: [30, 30], iconAnchor: [15, 15] }),
  delivery: L.divIcon({ className: 'point-marker point-marker--delivery', html: 'B', iconSize: [30, 30], iconAnchor: [15, 15] }),
};

const LABELS: Record<PickedPoint, string> = { pickup: 'Point de retrait', delivery: 'Point de livraison' };

const rounded = (value: number) => Math.round(value * 1e6) / 1e6;

/** Tap to place the active point, drag a marker to adjust it. Loaded on demand: Leaflet stays out of the first bundle. */
export default function PointPickerMap({ pickup, delivery, active, onPick }: PointPickerMapProps) {
  return (
    <div className="point-picker" aria-label="Carte : touchez pour placer le point actif">
      <MapContainer bounds={CONAKRY_BOUNDS} className="point-picker__map" scrollWheelZoom={false} zoomControl={false}>
        <MapZoom />
        <TileLayer url={TILE_URL} attribution="&copy; OpenStreetMap" />
        <TapToPlace active={active} onPick={onPick} />
        <KeepInView pickup={pickup} delivery={delivery} />
        {pickup && <DraggablePoint kind="pickup" point={pickup} onPick={onPick} />}
        {delivery && <DraggablePoint kind="delivery" point={delivery} onPick={onPick} />}
      </MapContainer>
    </div>
  );
}

function TapToPlace({ active, onPick }: Pick<PointPickerMapProps, 'active' | 'onPick'>) {
  useMapEvents({
    click: (event) => onPick(active, { latitude: rounded(event.latlng.lat), longitude: rounded(event.latlng.lng) }),
  });
  return null;
}

/** Typed coordinates may fall outside the view: bring the points back into it (MapContainer's props are fixed). */
function KeepInView({ pickup, delivery }: Pick<PointPickerMapProps, 'pickup' | 'delivery'>) {
  const map = useMap();
  const key = [pickup?.latitude, pickup?.longitude, delivery?.latitude, delivery?.longitude].join(',');
  useEffect(() => {
    const points = [pickup, delivery].filter((point): point is MapPoint => !!point);
    const bounds = L.latLngBounds(points.map((point): LatLngTuple => [point.latitude, point.longitude]));
    if (points.length && !map.getBounds().contains(bounds)) map.fitBounds(bounds.pad(0.3), { maxZoom: 15 });
    // The key stands for the four numbers: a new object with the same point must not refit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

function DraggablePoint({ kind, point, onPick }: { kind: PickedPoint; point: MapPoint; onPick: PointPickerMapProps['onPick'] }) {
  // A new position object only when the point moved, so Leaflet does not reset the marker on every render.
  const position = useMemo<LatLngTuple>(() => [point.latitude, point.longitude], [point.latitude, point.longitude]);
  const handlers = useMemo(
    () => ({
      dragend: (event: L.DragEndEvent | L.LeafletEvent) => {
        const { lat, lng } = (event.target as L.Marker).getLatLng();
        onPick(kind, { latitude: rounded(lat), longitude: rounded(lng) });
      },
    }),
    [kind, onPick],
  );
  return <Marker position={position} icon={ICONS[kind]} draggable eventHandlers={handlers} title={LABELS[kind]} />;
}
