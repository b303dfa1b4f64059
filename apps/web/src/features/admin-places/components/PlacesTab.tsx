import type { AdminPlaceDto } from '@coursa/contracts';
import { SEARCH_LENGTH } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SearchField } from '@/components/ui/SearchField';
import { Select } from '@/components/ui/Select';
import { useSearchTerm } from '@/hooks/use-search-term';
import { errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { adminPlacesApi, adminPlacesQueries } from '../api/admin-places-api';
import { EditPlaceDialog, type PlaceEditKind } from './EditPlaceDialog';
import { MergePlaceDialog } from './MergePlaceDialog';

export const PLACES_MESSAGES = {
  loadFailed: 'Impossible de charger les lieux pour le moment.',
  saveFailed: 'Impossible de modifier ce lieu pour le moment.',
  none: 'Aucun lieu pour le moment : ils apparaissent au fil des livraisons.',
  noneFound: (term: string) => `Aucun lieu trouvé pour « ${term} ».`,
} as const;

const VISIBILITY_FILTERS = [
  { value: '', label: 'Tous les lieux' },
  { value: 'false', label: 'Affichés' },
  { value: 'true', label: 'Masqués' },
] as const;

type Dialog = { kind: PlaceEditKind | 'merge'; place: AdminPlaceDto };
type Notice = { tone: 'success' | 'error'; text: string };

/**
 * Issue 39, « Staff curate »: the place book learned from deliveries, most seen first (how often, by how many
 * different clients, how spread its points are, whether clients are offered it), searched by name as staff type; each
 * place can be renamed, moved, given its usual instructions, hidden or shown, or merged into another.
 */
export function PlacesTab() {
  const [visibility, setVisibility] = useState<'' | 'true' | 'false'>('');
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const places = usePagedList(adminPlacesQueries.pages(search.term, visibility || undefined), (page) => page, { keepPrevious: true });
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const visibilityChange = useChange(({ id, hidden }: { id: string; hidden: boolean }) => adminPlacesApi.edit(id, { hidden }), () => [adminPlacesQueries.all], {
    evenWhenRefused: true,
  });
  const busyId = visibilityChange.isPending ? visibilityChange.variables?.id : null;

  function toggleVisibility(place: AdminPlaceDto) {
    setNotice(null);
    visibilityChange.mutate(
      { id: place.id, hidden: !place.hidden },
      {
        onSuccess: (answer) => setNotice({ tone: 'success', text: answer.message }),
        onError: (caught) => setNotice({ tone: 'error', text: errorMessage(caught, PLACES_MESSAGES.saveFailed) }),
      },
    );
  }

  const done = (text: string) => {
    setDialog(null);
    setNotice({ tone: 'success', text });
  };

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Lieux</h2>
        <Button variant="secondary" onClick={places.reload}>
          Actualiser
        </Button>
      </div>
      <p className="muted">
        Les adresses apprises des livraisons. Un lieu est proposé aux clients quand il a été vu par assez de clients différents et qu’il n’est pas masqué.
      </p>
      <SearchField label="Rechercher un lieu" hint="Nom du lieu, sans tenir compte des accents" value={search.text} onChange={search.setText} maxLength={SEARCH_LENGTH.max} />
      <Select label="Filtrer les lieux" options={VISIBILITY_FILTERS} value={visibility} onChange={(event) => setVisibility(event.target.value as '' | 'true' | 'false')} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {places.isPending && <Loader />}
      {places.isError && <Alert tone="error">{PLACES_MESSAGES.loadFailed}</Alert>}
      {places.items?.length === 0 && <p className="muted">{search.term ? PLACES_MESSAGES.noneFound(search.term) : PLACES_MESSAGES.none}</p>}
      {places.items && places.items.length > 0 && (
        <div className="admin-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Nom</th>
                <th scope="col">Vu (livraisons)</th>
                <th scope="col">Clients</th>
                <th scope="col">Étalement (m)</th>
                <th scope="col">Proposé</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {places.items.map((place) => (
                <tr key={place.id} aria-label={place.name}>
                  <td>
                    <strong>{place.name}</strong>
                    {place.hidden && <span className="status-badge status-badge--cancelled"> Masqué</span>}
                    {place.instructions && (
                      <>
                        <br />
                        <span className="muted">Consignes : {place.instructions}</span>
                      </>
                    )}
                    {(place.name_by_staff || place.point_by_staff) && (
                      <>
                        <br />
                        <span className="muted">{staffMark(place)}</span>
                      </>
                    )}
                  </td>
                  <td>{place.observation_count}</td>
                  <td>{place.distinct_clients}</td>
                  <td>{place.spread_m}</td>
                  <td>{place.suggested ? 'oui' : 'non'}</td>
                  <td>
                    <div className="admin-table__actions">
                      <Button variant="secondary" aria-label={`Renommer : ${place.name}`} onClick={() => setDialog({ kind: 'rename', place })}>
                        Renommer
                      </Button>
                      <Button variant="secondary" aria-label={`Déplacer : ${place.name}`} onClick={() => setDialog({ kind: 'move', place })}>
                        Déplacer
                      </Button>
                      <Button variant="secondary" aria-label={`Consignes : ${place.name}`} onClick={() => setDialog({ kind: 'instructions', place })}>
                        Consignes
                      </Button>
                      <Button variant="secondary" aria-label={`${place.hidden ? 'Afficher' : 'Masquer'} : ${place.name}`} disabled={busyId === place.id} onClick={() => toggleVisibility(place)}>
                        {place.hidden ? 'Afficher' : 'Masquer'}
                      </Button>
                      <Button variant="secondary" aria-label={`Fusionner dans… : ${place.name}`} onClick={() => setDialog({ kind: 'merge', place })}>
                        Fusionner dans…
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={places} />
      {dialog && dialog.kind !== 'merge' && (
        <EditPlaceDialog kind={dialog.kind} place={dialog.place} onClose={() => setDialog(null)} onDone={done} />
      )}
      {dialog?.kind === 'merge' && <MergePlaceDialog place={dialog.place} onClose={() => setDialog(null)} onDone={done} />}
    </div>
  );
}

function staffMark(place: AdminPlaceDto): string {
  if (place.name_by_staff && place.point_by_staff) return 'Nom et position fixés par l’équipe';
  return place.name_by_staff ? 'Nom fixé par l’équipe' : 'Position fixée par l’équipe';
}
