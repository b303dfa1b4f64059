import { Loader } from '@/components/ui/Loader';

/** Which map a placeholder stands for: each has its own height (the `--*-map-height` properties of styles.css). */
export type MapKind = 'course' | 'ops' | 'picker';

/**
 * Holds a map's place, at the map's own height, while Leaflet's code is still on its way: nothing below the map moves
 * when it arrives (no layout shift on a slow phone).
 */
export function MapLoading({ kind }: { kind: MapKind }) {
  return (
    <div className={`map-loading map-loading--${kind}`}>
      <Loader label="Chargement de la carte…" />
    </div>
  );
}
