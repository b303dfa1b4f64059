import { Input } from '@/components/ui/Input';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { coordinatesOf, type PointFields, type PointKind } from '../course-form';
import type { FoundPosition } from '../my-position';
import { pointFromNearestPlace, pointFromSuggestion } from '../place-suggestions';
import { AddressField } from './AddressField';
import { NearestPlace } from './NearestPlace';
import { UseMyPosition } from './UseMyPosition';

interface PointFieldsetProps {
  kind: PointKind;
  legend: string;
  value: PointFields;
  onChange: (value: PointFields) => void;
  /** Whether a tap on the map places this point. */
  activeOnMap: boolean;
  onActivate: () => void;
  /** Given: « Utiliser ma position » fills this point from the phone's GPS. */
  onMyPosition?: (position: FoundPosition) => void;
  /** Where this point's suggestions look nearest from (this point once placed, else the other one). */
  origin: { lat: string; lng: string } | null;
}

/** Address, coordinates (folded under « Coordonnées »), instructions and contact of one end of the course. */
export function PointFieldset({ kind, legend, value, onChange, activeOnMap, onActivate, onMyPosition, origin }: PointFieldsetProps) {
  // A text typed or a point moved by hand is no longer the known place chosen.
  const unnamed = (field: keyof PointFields) => field === 'address' || field === 'latitude' || field === 'longitude';
  const set = (field: keyof PointFields) => (event: { target: { value: string } }) =>
    onChange({ ...value, [field]: event.target.value, ...(unnamed(field) ? { placeId: null } : {}) });
  return (
    <fieldset className={`card stack point-fieldset point-fieldset--${kind}`}>
      <legend className="card__title">{legend}</legend>
      <AddressField
        value={value.address}
        onType={(address) => onChange({ ...value, address, placeId: null })}
        onChoose={(suggestion) => onChange(pointFromSuggestion(value, suggestion))}
        origin={origin}
      />
      <NearestPlace at={coordinatesOf(value)} address={value.address} named={value.placeId !== null} onUse={(place) => onChange(pointFromNearestPlace(value, place))} />
      {onMyPosition && <UseMyPosition onFound={onMyPosition} />}
      {/* Issue 39: the spec's latitude and longitude stay, folded: a thumb places the point on the map. */}
      <details className="point-coordinates">
        <summary>Coordonnées</summary>
        <div className="form__row">
          <Input label="Latitude" inputMode="decimal" placeholder="9.5370" value={value.latitude} onChange={set('latitude')} />
          <Input label="Longitude" inputMode="decimal" placeholder="-13.6785" value={value.longitude} onChange={set('longitude')} />
        </div>
      </details>
      <label className="checkbox">
        <input type="radio" name="map-point" checked={activeOnMap} onChange={onActivate} />
        Placer ce point en touchant la carte
      </label>
      <Input label="Instructions" value={value.instructions} onChange={set('instructions')} />
      <PhoneInput label="Téléphone du contact" value={value.contactPhone} onChange={set('contactPhone')} />
    </fieldset>
  );
}
