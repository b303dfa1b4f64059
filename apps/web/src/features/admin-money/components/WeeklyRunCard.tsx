import { WEEKLY_RUN_WHEN } from '@coursa/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { moneyApi, moneyChanged, moneyQueries } from '../api/money-api';

/** How often the card asks whether the run it started has finished. */
export const WEEKLY_RUN_POLL_MS = 3_000;

export const WEEKLY_RUN_FAILED = 'Erreur lors du lancement du paiement hebdomadaire';

/** The confirmation before paying every courier what the last full week owes them (the server picks that week). */
export const WEEKLY_RUN_CONFIRMATION =
  "Payer maintenant à tous les livreurs les commissions de la dernière semaine terminée ? Chaque livreur n'est payé qu'une fois par semaine.";

/**
 * Staff start the weekly run (README "Courier money") without waiting for Monday night, after a confirmation: the
 * server runs it for the last full week and names it, with its days, in its answer. The run is one job per week, so a
 * second click pays nobody twice. The card then follows the run until it says how many couriers it paid and how much
 * (issue 38), and the lists are read again.
 */
export function WeeklyRunCard() {
  const [started, setStarted] = useState<{ week: string; message: string } | null>(null);
  const client = useQueryClient();
  const weeklyRun = useChange(() => moneyApi.weeklyRun({}), () => [moneyQueries.summary(), moneyQueries.pending(), moneyQueries.payouts()]);
  const report = useQuery({
    ...moneyQueries.weeklyRun(started?.week ?? ''),
    enabled: started !== null,
    refetchInterval: (query) => (query.state.data?.done ? false : WEEKLY_RUN_POLL_MS),
  }).data;
  const done = Boolean(started && report?.done);
  const error = weeklyRun.error && errorMessage(weeklyRun.error, WEEKLY_RUN_FAILED);
  const pending = weeklyRun.isPending;
  const message = done ? report!.message : started?.message;

  useEffect(() => {
    if (done) for (const filters of moneyChanged()) void client.invalidateQueries(filters);
  }, [done, client]);

  function start() {
    if (!window.confirm(WEEKLY_RUN_CONFIRMATION)) return;
    weeklyRun.mutate(undefined, { onSuccess: (answer) => setStarted({ week: answer.iso_week, message: answer.message }) });
  }

  return (
    <section className="card stack" aria-labelledby="weekly-run-title">
      <h3 className="card__title" id="weekly-run-title">
        Paiement hebdomadaire
      </h3>
      <p className="muted">
        Coursa paie automatiquement aux livreurs les commissions de la semaine écoulée, {WEEKLY_RUN_WHEN}. Vous pouvez
        le lancer maintenant.
      </p>
      {error && <Alert tone="error">{error}</Alert>}
      {message && <Alert tone="success">{message}</Alert>}
      <Button variant="secondary" onClick={start} disabled={pending}>
        {pending ? 'Lancement…' : 'Lancer le paiement hebdomadaire'}
      </Button>
    </section>
  );
}
