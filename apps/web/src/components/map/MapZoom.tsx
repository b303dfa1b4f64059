import { ZoomControl } from 'react-leaflet';

/** Leaflet's zoom buttons, named in French for screen readers (their title is their accessible name); 44 px in map.css. */
export function MapZoom() {
  return <ZoomControl zoomInTitle="Zoom avant" zoomOutTitle="Zoom arrière" />;
}
