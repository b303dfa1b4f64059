import { mapLinks, openWithFallback, type MapTarget } from '../map-links';

/** « Ouvrir dans Maps »: the point in the phone's navigation app, else on the web map (issue 37). */
export function OpenInMaps({ target }: { target: MapTarget }) {
  const links = mapLinks(target);
  return (
    <a
      className="button button--secondary"
      href={links.geo}
      data-web-map={links.web}
      onClick={(event) => {
        event.preventDefault();
        openWithFallback(links, {
          visible: () => document.visibilityState === 'visible',
          go: (url) => window.location.assign(url),
          openTab: (url) => void window.open(url, '_blank', 'noopener'),
        });
      }}
    >
      Ouvrir dans Maps
    </a>
  );
}
