import { ReplayPeriodSchema } from '@coursa/contracts/schemas';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { developersApi, developersQueries } from '../api/developers-api';

export const REPLAY_PERIOD_MESSAGES = {
  failed: 'Impossible de renvoyer ces événements pour le moment.',
  missing: 'Indiquez le début et la fin de la période.',
  replayed: (count: number) => (count === 0 ? 'Aucun événement dans cette période.' : count === 1 ? '1 événement renvoyé.' : `${count} événements renvoyés.`),
} as const;

const DAY_MS = 24 * 3600 * 1000;

/** A moment as a `datetime-local` field holds it: the phone's local time, to the minute. */
export function localInputValue(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}-${two(at.getMonth() + 1)}-${two(at.getDate())}T${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** A `datetime-local` value as the API's ISO 8601 instant; null when empty or not a date. */
const instant = (value: string): string | null => {
  const at = value ? new Date(value) : null;
  return at && Number.isFinite(at.getTime()) ? at.toISOString() : null;
};

/**
 * « Renvoyer une période »: every event of this endpoint created between two moments (at most 7 days, the API's rule)
 * sent again, e.g. after the shop's server was down. The last 24 hours are proposed.
 */
export function ReplayPeriodDialog({ endpointId, endpointUrl, onClose, onDone }: { endpointId: string; endpointUrl: string; onClose: () => void; onDone: (message: string) => void }) {
  const [since, setSince] = useState(() => localInputValue(new Date(Date.now() - DAY_MS)));
  const [until, setUntil] = useState(() => localInputValue(new Date()));
  const [problem, setProblem] = useState<string | null>(null);
  const replay = useChange((body: { since: string; until: string }) => developersApi.replayPeriod(endpointId, body), () => [developersQueries.deliveriesOf(endpointId)]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const [from, to] = [instant(since), instant(until)];
    if (!from || !to) return setProblem(REPLAY_PERIOD_MESSAGES.missing);
    const checked = checkWith(ReplayPeriodSchema, { since: from, until: to });
    if (!checked.ok) return setProblem(checked.problem);
    replay.mutate(checked.data, {
      onSuccess: (answer) => onDone(REPLAY_PERIOD_MESSAGES.replayed(answer.replayed)),
      onError: (caught) => setProblem(errorMessage(caught, REPLAY_PERIOD_MESSAGES.failed)),
    });
  }

  return (
    <FormDialog title="Renvoyer une période" onSubmit={submit} onClose={onClose} submitLabel={replay.isPending ? 'Envoi…' : 'Renvoyer'} submitDisabled={replay.isPending}>
      <p className="muted">
        Les événements destinés à <code>{endpointUrl}</code> pendant cette période (7 jours au plus) sont envoyés de nouveau, avec leur identifiant
        d’origine : votre serveur peut reconnaître ceux qu’il a déjà traités.
      </p>
      <Input label="Depuis (since)" type="datetime-local" value={since} onChange={(event) => setSince(event.target.value)} autoFocus />
      <Input label="Jusqu’à (until)" type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}
