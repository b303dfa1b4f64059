import type { AdminPlaceDto } from '@coursa/contracts';
import { SEARCH_LENGTH } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { FormDialog } from '@/components/ui/FormDialog';
import { Loader } from '@/components/ui/Loader';
import { SearchField } from '@/components/ui/SearchField';
import { useSearchTerm } from '@/hooks/use-search-term';
import { errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { adminPlacesApi, adminPlacesQueries } from '../api/admin-places-api';

export const MERGE_PLACE_MESSAGES = {
  failed: 'Impossible de fusionner ces lieux pour le moment.',
  typeToSearch: 'Tapez au moins deux lettres du nom du lieu à garder.',
  noneFound: (term: string) => `Aucun autre lieu trouvé pour « ${term} ».`,
  explained: (name: string) =>
    `Les livraisons vues à « ${name} » et les courses qui l’ont choisi iront au lieu choisi, qui les gardera ensemble ; « ${name} » disparaîtra.`,
} as const;

/**
 * Issue 39: staff merge a place into another, found by its name: its deliveries and the courses that chose it go to
 * the place kept, which the grouping keeps together from then on.
 */
export function MergePlaceDialog({ place, onClose, onDone }: { place: AdminPlaceDto; onClose: () => void; onDone: (message: string) => void }) {
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const found = usePagedList(adminPlacesQueries.pages(search.term), (page) => page, { enabled: search.term !== undefined, keepPrevious: true });
  const choices = (found.items ?? []).filter((other) => other.id !== place.id);
  const [intoId, setIntoId] = useState<string | null>(null);
  const merge = useChange((into: string) => adminPlacesApi.merge(place.id, into), () => [adminPlacesQueries.all], { evenWhenRefused: true });
  const chosen = choices.find((other) => other.id === intoId);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (chosen) merge.mutate(chosen.id, { onSuccess: (answer) => onDone(answer.message) });
  }

  return (
    <FormDialog
      title={`Fusionner « ${place.name} » dans…`}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={chosen ? `Fusionner dans « ${chosen.name} »` : 'Fusionner'}
      submitDisabled={!chosen || merge.isPending}
    >
      <p className="muted">{MERGE_PLACE_MESSAGES.explained(place.name)}</p>
      <SearchField label="Lieu à garder" hint="Son nom, sans tenir compte des accents" value={search.text} onChange={search.setText} maxLength={SEARCH_LENGTH.max} />
      {search.term === undefined && <p className="muted">{MERGE_PLACE_MESSAGES.typeToSearch}</p>}
      {search.term !== undefined && found.isPending && <Loader />}
      {search.term !== undefined && found.isError && <Alert tone="error">{MERGE_PLACE_MESSAGES.failed}</Alert>}
      {search.term !== undefined && found.items && !choices.length && <p className="muted">{MERGE_PLACE_MESSAGES.noneFound(search.term)}</p>}
      {search.term !== undefined && choices.length > 0 && (
        <fieldset className="form__choices">
          <legend>Garder le lieu</legend>
          {choices.map((other) => (
            <label key={other.id}>
              <input type="radio" name={`merge-into-${place.id}`} checked={intoId === other.id} onChange={() => setIntoId(other.id)} /> {other.name}{' '}
              <span className="muted">
                ({other.observation_count} livraison{other.observation_count > 1 ? 's' : ''}
                {other.hidden ? ', masqué' : ''})
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {merge.isError && <Alert tone="error">{errorMessage(merge.error, MERGE_PLACE_MESSAGES.failed)}</Alert>}
    </FormDialog>
  );
}
