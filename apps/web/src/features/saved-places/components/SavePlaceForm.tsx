import { SAVED_PLACE_LABEL_MAX } from '@coursa/domain';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { savedPlacesApi, savedPlacesQueries } from '../api/saved-places-api';

/** A point as a screen holds it: coordinates null until placed. */
export interface PlaceToSave {
  address: string;
  latitude: number | null;
  longitude: number | null;
  instructions: string;
}

export const SAVE_PLACE_MESSAGES = {
  open: 'Enregistrer cette adresse',
  missing: 'Indiquez l’adresse et placez le point sur la carte avant de l’enregistrer.',
  failed: 'Erreur lors de l’enregistrement de l’adresse',
  saved: (label: string) => `Adresse « ${label} » enregistrée.`,
} as const;

/**
 * « Enregistrer cette adresse »: names the point (« Maison », « Bureau »…) and keeps it in « Mes adresses ».
 * `openLabel` says which point when a screen shows several.
 */
export function SavePlaceForm({ point, openLabel = SAVE_PLACE_MESSAGES.open }: { point: PlaceToSave; openLabel?: string }) {
  const [open, setOpen] = useState(false);
  const [label, setLabel] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const save = useChange(savedPlacesApi.create, () => [savedPlacesQueries.list()]);
  const formId = useId();

  if (!open) {
    return (
      <div className="stack">
        {done && <Alert tone="success">{done}</Alert>}
        <Button variant="link" onClick={() => { setOpen(true); setDone(null); }}>
          {openLabel}
        </Button>
      </div>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!point.address.trim() || point.latitude === null || point.longitude === null || !point.latitude || !point.longitude) {
      return setProblem(SAVE_PLACE_MESSAGES.missing);
    }
    setProblem(null);
    try {
      const answer = await save.mutateAsync({
        label,
        address: point.address,
        latitude: point.latitude,
        longitude: point.longitude,
        instructions: point.instructions || null,
      });
      setDone(SAVE_PLACE_MESSAGES.saved(answer.place.label));
      setLabel('');
      setOpen(false);
    } catch (caught) {
      setProblem(errorMessage(caught, SAVE_PLACE_MESSAGES.failed));
    }
  }

  // Not a <form>: it sits inside the order form, and forms do not nest.
  return (
    <div className="stack saved-place-form" role="group" aria-labelledby={formId}>
      <span id={formId} className="field__label">{openLabel}</span>
      <Input
        label="Nom de l’adresse"
        placeholder="Maison, Bureau…"
        maxLength={SAVED_PLACE_LABEL_MAX}
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit(event);
        }}
      />
      {problem && <Alert tone="error">{problem}</Alert>}
      <div className="form__row">
        <Button onClick={(event) => void submit(event)} disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)}>
          Annuler
        </Button>
      </div>
    </div>
  );
}
