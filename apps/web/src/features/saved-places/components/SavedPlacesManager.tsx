import type { SavedPlaceDto } from '@coursa/contracts';
import { SAVED_PLACE_LABEL_MAX } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { savedPlacesApi, savedPlacesQueries } from '../api/saved-places-api';

export const SAVED_PLACES_MANAGER_MESSAGES = {
  empty: 'Aucune adresse enregistrée. Enregistrez-en une depuis le formulaire de commande ou une course passée.',
  deleteConfirm: (label: string) => `Supprimer l’adresse « ${label} » ?`,
  failed: 'Erreur lors de la modification de l’adresse',
} as const;

/** « Mes adresses »: the client's saved places, renamed, edited or deleted. */
export function SavedPlacesManager() {
  const { data: places, isPending } = useQuery(savedPlacesQueries.list());
  return (
    <section className="card stack saved-places" aria-labelledby="saved-places-title">
      <h2 id="saved-places-title" className="card__title">Mes adresses</h2>
      {isPending ? null : places?.length ? (
        <ul className="stack saved-places__list">
          {places.map((place) => (
            <SavedPlaceRow key={place.id} place={place} />
          ))}
        </ul>
      ) : (
        <p className="muted">{SAVED_PLACES_MANAGER_MESSAGES.empty}</p>
      )}
    </section>
  );
}

function SavedPlaceRow({ place }: { place: SavedPlaceDto }) {
  const [editing, setEditing] = useState(false);
  const [fields, setFields] = useState({ label: place.label, address: place.address, instructions: place.instructions ?? '' });
  const [error, setError] = useState<string | null>(null);
  const update = useChange(
    () => savedPlacesApi.update(place.id, { ...fields, latitude: place.latitude, longitude: place.longitude, instructions: fields.instructions || null }),
    () => [savedPlacesQueries.list()],
  );
  const removal = useChange(() => savedPlacesApi.remove(place.id), () => [savedPlacesQueries.list()]);

  async function act(work: () => Promise<unknown>, after?: () => void) {
    setError(null);
    try {
      await work();
      after?.();
    } catch (caught) {
      setError(errorMessage(caught, SAVED_PLACES_MANAGER_MESSAGES.failed));
    }
  }

  const remove = () => {
    if (!window.confirm(SAVED_PLACES_MANAGER_MESSAGES.deleteConfirm(place.label))) return;
    void act(() => removal.mutateAsync(undefined));
  };

  return (
    <li className="stack saved-places__item" aria-label={place.label}>
      {editing ? (
        <>
          <Input label="Nom de l’adresse" maxLength={SAVED_PLACE_LABEL_MAX} value={fields.label} onChange={(event) => setFields({ ...fields, label: event.target.value })} />
          <Input label="Adresse" value={fields.address} onChange={(event) => setFields({ ...fields, address: event.target.value })} />
          <Input label="Instructions" value={fields.instructions} onChange={(event) => setFields({ ...fields, instructions: event.target.value })} />
          <div className="form__row">
            <Button onClick={() => void act(() => update.mutateAsync(undefined), () => setEditing(false))} disabled={update.isPending}>
              Enregistrer
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              Annuler
            </Button>
          </div>
        </>
      ) : (
        <>
          <strong>{place.label}</strong>
          <span>{place.address}</span>
          {place.instructions && <span className="muted">{place.instructions}</span>}
          <div className="form__row">
            <Button variant="secondary" onClick={() => setEditing(true)} aria-label={`Modifier « ${place.label} »`}>
              Modifier
            </Button>
            <Button variant="secondary" onClick={remove} disabled={removal.isPending} aria-label={`Supprimer « ${place.label} »`}>
              Supprimer
            </Button>
          </div>
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
    </li>
  );
}
