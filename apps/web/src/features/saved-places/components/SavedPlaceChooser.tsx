import type { SavedPlaceDto } from '@coursa/contracts';
import { useQuery } from '@tanstack/react-query';
import { savedPlacesQueries } from '../api/saved-places-api';

/**
 * « Mes adresses » offered first on a point of the order form: one touch on « Maison » fills the address, the point
 * and the instructions. Nothing shows while there is none (or while they load: the form is usable meanwhile).
 */
/** `pointName` with its article: « le retrait », « la livraison ». */
export function SavedPlaceChooser({ pointName, onChoose }: { pointName: string; onChoose: (place: SavedPlaceDto) => void }) {
  const { data: places } = useQuery(savedPlacesQueries.list());
  if (!places?.length) return null;
  return (
    <div className="saved-place-chooser" role="group" aria-label={`Mes adresses pour ${pointName}`}>
      <span className="field__label">Mes adresses</span>
      <ul className="saved-place-chooser__list">
        {places.map((place) => (
          <li key={place.id}>
            <button type="button" className="chip saved-place-chooser__chip" onClick={() => onChoose(place)} title={place.address}>
              {place.label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
