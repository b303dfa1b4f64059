import { SavedPlaceChooser, SavePlaceForm } from '@/features/saved-places';
import { coordinatesOf, type PointFields, type PointKind } from '../course-form';
import { pointFromSavedPlace } from '../order-again';

const POINT_NAMES: Record<PointKind, string> = { pickup: 'retrait', delivery: 'livraison' };
const THE_POINT: Record<PointKind, string> = { pickup: 'le retrait', delivery: 'la livraison' };

interface PointSavedPlacesProps {
  kind: PointKind;
  value: PointFields;
  onChange: (value: PointFields) => void;
}

/** « Mes adresses » first on a point of the order form (issue 39): one touch fills the address, the point and the instructions. */
export function PointSavedPlaceChooser({ kind, value, onChange }: PointSavedPlacesProps) {
  return <SavedPlaceChooser pointName={THE_POINT[kind]} onChoose={(place) => onChange(pointFromSavedPlace(value, place))} />;
}

/** « Enregistrer l’adresse de retrait »: keeps the point as typed and placed in « Mes adresses ». */
export function SavePointAsPlace({ kind, value }: Pick<PointSavedPlacesProps, 'kind' | 'value'>) {
  const at = coordinatesOf(value);
  return (
    <SavePlaceForm
      openLabel={`Enregistrer l’adresse de ${POINT_NAMES[kind]}`}
      point={{ address: value.address, latitude: at?.latitude ?? null, longitude: at?.longitude ?? null, instructions: value.instructions }}
    />
  );
}
