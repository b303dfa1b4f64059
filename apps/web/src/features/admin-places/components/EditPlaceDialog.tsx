import type { AdminPlaceDto, EditPlaceRequest } from '@coursa/contracts';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { adminPlacesApi, adminPlacesQueries } from '../api/admin-places-api';

export type PlaceEditKind = 'rename' | 'move' | 'instructions';

export const EDIT_PLACE_MESSAGES = {
  failed: 'Impossible de modifier ce lieu pour le moment.',
  coordinatesMissing: 'Indiquez la latitude et la longitude du lieu.',
} as const;

const TITLES: Record<PlaceEditKind, string> = { rename: 'Renommer', move: 'Déplacer', instructions: 'Consignes habituelles' };

/** A typed coordinate as a number (the number inputs hand it with a dot); null when empty or not a number. */
const coordinate = (text: string): number | null => (text.trim() && Number.isFinite(Number(text)) ? Number(text) : null);

/**
 * Issue 39: staff rename a place (the grouping keeps their name), move its point (latitude and longitude; the
 * grouping keeps it too), or write the usual instructions couriers and clients read with it (empty: none).
 */
export function EditPlaceDialog({ kind, place, onClose, onDone }: { kind: PlaceEditKind; place: AdminPlaceDto; onClose: () => void; onDone: (message: string) => void }) {
  const [name, setName] = useState(place.name);
  const [latitude, setLatitude] = useState(String(place.latitude));
  const [longitude, setLongitude] = useState(String(place.longitude));
  const [instructions, setInstructions] = useState(place.instructions ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const edit = useChange((body: EditPlaceRequest) => adminPlacesApi.edit(place.id, body), () => [adminPlacesQueries.all], { evenWhenRefused: true });

  function body(): EditPlaceRequest | null {
    if (kind === 'rename') return { name };
    if (kind === 'instructions') return { instructions: instructions.trim() || null };
    const [lat, lng] = [coordinate(latitude), coordinate(longitude)];
    if (lat === null || lng === null) {
      setProblem(EDIT_PLACE_MESSAGES.coordinatesMissing);
      return null;
    }
    return { latitude: lat, longitude: lng };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const request = body();
    if (!request) return;
    edit.mutate(request, {
      onSuccess: (answer) => onDone(answer.message),
      onError: (caught) => setProblem(errorMessage(caught, EDIT_PLACE_MESSAGES.failed)),
    });
  }

  const mapLink = `https://www.openstreetmap.org/?mlat=${place.latitude}&mlon=${place.longitude}#map=18/${place.latitude}/${place.longitude}`;
  return (
    <FormDialog
      title={`${TITLES[kind]} : ${place.name}`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={edit.isPending ? 'Enregistrement…' : 'Enregistrer'}
      submitDisabled={edit.isPending}
    >
      {kind === 'rename' && <Input label="Nom du lieu" maxLength={120} value={name} onChange={(event) => setName(event.target.value)} autoFocus />}
      {kind === 'move' && (
        <>
          <p className="muted">
            Le point où les livreurs trouvent ce lieu.{' '}
            <a href={mapLink} target="_blank" rel="noreferrer">
              Voir la position actuelle sur la carte
            </a>
          </p>
          <Input label="Latitude" type="number" step="any" value={latitude} onChange={(event) => setLatitude(event.target.value)} autoFocus />
          <Input label="Longitude" type="number" step="any" value={longitude} onChange={(event) => setLongitude(event.target.value)} />
        </>
      )}
      {kind === 'instructions' && (
        <Field label="Consignes habituelles" hint="Lues par les livreurs et les clients avec ce lieu ; laissez vide pour n’en donner aucune.">
          {(control) => <textarea className="input" rows={3} maxLength={500} value={instructions} onChange={(event) => setInstructions(event.target.value)} autoFocus {...control} />}
        </Field>
      )}
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
