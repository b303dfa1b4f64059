import { isoWeekRange, previousIsoWeek, WEEKLY_RUN_WHEN } from '@coursa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useSubmit } from '@/hooks/use-submit';
import { formatDate } from '@/lib/format';
import { moneyApi, moneyQueries } from '../api/money-api';

export const WEEKLY_RUN_FAILED = 'Erreur lors du lancement du paiement hebdomadaire';

/** The confirmation before paying every courier what the last full week owes them. */
export function weeklyRunConfirmation(isoWeek: string): string {
  const { start, end } = isoWeekRange(isoWeek);
  const last = new Date(end.getTime() - 1);
  return `Payer maintenant les commissions de la semaine ${isoWeek} (du ${formatDate(start.toISOString())} au ${formatDate(last.toISOString())}) à tous les livreurs ? Chaque livreur n'est payé qu'une fois par semaine.`;
}

/**
 * Staff start the weekly run (README "Courier money") without waiting for Monday night: the last full week, after a
 * confirmation. The run is one job per week, so a second click for the same week pays nobody twice.
 */
export function WeeklyRunCard({ now = () => new Date() }: { now?: () => Date }) {
  const [message, setMessage] = useState<string | null>(null);
  const { pending, error, run } = useSubmit(WEEKLY_RUN_FAILED);
  const queryClient = useQueryClient();

  function start() {
    const week = previousIsoWeek(now());
    if (!window.confirm(weeklyRunConfirmation(week))) return;
    void run(async () => {
      setMessage((await moneyApi.weeklyRun({ iso_week: week })).message);
      // The run pays in the background: the lists show its payouts as they are made.
      for (const query of [moneyQueries.summary(), moneyQueries.pending(), moneyQueries.payouts()]) void queryClient.invalidateQueries(query);
    });
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
