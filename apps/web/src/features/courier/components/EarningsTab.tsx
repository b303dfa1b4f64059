import type { PaymentRecordDto } from '@coursa/contracts';
import { EARLY_PAYMENT_MESSAGES, earlyPaymentBlocked, formatGnf, isCourier, MIN_EARLY_PAYMENT_GNF, payoutMethodLabel } from '@coursa/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { currentUserQuery, useSignedInUser } from '@/features/auth';
import { ApiError } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { courierApi, courierQueries } from '../api/courier-api';
import { useEarningsFollowingDeposit } from '../hooks/deposit-follow-up';
import { CourierMoney } from './CourierMoney';
import { DetailRow } from '@/components/ui/DetailRow';

const PAYMENT_STATUS_LABELS: Record<PaymentRecordDto['payment_status'], string> = {
  completed: 'Effectué',
  failed: 'Échoué',
  in_progress: 'En cours',
};

/**
 * Spec §8 messages of the early payment request, for what is due now (the balance); also checks the minimum before
 * calling. A refusal the server explains (a request already open, more than is due…) shows its own words.
 */
export async function requestEarlyPayment(due: number, signedIn: boolean): Promise<{ ok: boolean; text: string }> {
  if (!signedIn) return { ok: false, text: 'Vous devez être connecté pour effectuer cette action' };
  if (due < MIN_EARLY_PAYMENT_GNF) return { ok: false, text: EARLY_PAYMENT_MESSAGES.belowMinimum };
  try {
    await courierApi.requestPayment(due);
    return { ok: true, text: EARLY_PAYMENT_MESSAGES.submitted };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { ok: false, text: 'Session expirée - veuillez vous reconnecter' };
    if (error instanceof ApiError && error.status < 500 && error.detail) return { ok: false, text: error.detail };
    return { ok: false, text: 'Erreur lors de la demande de paiement' };
  }
}

const percent = (rate: number) => `${Math.round(rate * 100)} %`;

/** "Mes gains" (spec §2): summary, early payment, the courier's money (balance, cash, deposits, entries), histories. */
export function EarningsTab() {
  const role = useSignedInUser()?.role;
  if (!role || !isCourier(role)) return <Alert tone="error">Accès non autorisé</Alert>;
  return <Earnings />;
}

function Earnings() {
  const { summary, depositWaiting, depositNotice, followDeposit } = useEarningsFollowingDeposit();
  const commissionList = usePagedList(courierQueries.commissionHistory(), (commissions) => commissions);
  const paymentList = usePagedList(courierQueries.paymentHistory(), (payments) => payments);
  const commissions = commissionList.items ?? [];
  const payments = paymentList.items ?? [];
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  // What is due now (the balance); an accepted request moves the summary, the histories and the entries.
  const earlyPayment = useMutation({
    mutationFn: (due: number) => requestEarlyPayment(due, Boolean(queryClient.getQueryData(currentUserQuery().queryKey))),
    onSuccess: (result) => {
      setNotice(result);
      if (!result.ok) return;
      for (const query of [courierQueries.earnings(), courierQueries.commissionHistory(), courierQueries.paymentHistory(), courierQueries.ledger()]) {
        void queryClient.invalidateQueries(query);
      }
    },
  });

  if (!summary) return <Loader />;
  // Nothing due, or cash owed to Coursa: the button says why it cannot be used.
  const blocked = earlyPaymentBlocked(summary);

  const request = () => earlyPayment.mutate(Math.max(0, summary.balance));

  return (
    <div className="stack">
      <h2 className="page-title">Mes gains</h2>
      <section className="card">
        <dl className="details">
          <DetailRow label="En attente" value={`${formatGnf(summary.pending_amount)} (${summary.pending_courses} courses)`} />
          <DetailRow label="Payé" value={`${formatGnf(summary.paid_amount)} (${summary.paid_courses} courses)`} />
          <DetailRow label="Total" value={`${formatGnf(summary.total_amount)} (${summary.total_courses} courses)`} />
          <DetailRow label="Prochain paiement" value={formatDate(summary.next_payment_date)} />
          <DetailRow label="Taux de commission" value={percent(summary.commission_rate)} />
          <DetailRow label="Fréquence de paiement" value={summary.payment_frequency === 'weekly' ? 'Hebdomadaire' : summary.payment_frequency} />
        </dl>
        <Button disabled={earlyPayment.isPending || blocked !== null} aria-describedby={blocked ? 'early-payment-blocked' : undefined} onClick={request}>
          Demander un paiement anticipé
        </Button>
        {blocked && (
          <p id="early-payment-blocked" className="muted">
            {blocked}
          </p>
        )}
        {notice && <Alert tone={notice.ok ? 'success' : 'error'}>{notice.text}</Alert>}
      </section>
      {depositNotice && <Alert tone={depositNotice.tone}>{depositNotice.text}</Alert>}
      <CourierMoney summary={summary} depositWaiting={depositWaiting} onDepositStarted={followDeposit} />
      <section className="card">
        <h3 className="card__title">Historique des commissions</h3>
        {commissions.length === 0 && <p className="muted">Aucune commission.</p>}
        {commissions.map((commission) => (
          <article key={commission.id} className="history-item">
            <div className="card__header">
              <strong>{formatGnf(commission.commission_amount)}</strong>
              <span className={`status-badge status-badge--${commission.status === 'paid' ? 'delivered' : 'pending'}`}>
                {commission.status === 'paid' ? 'Payée' : 'En attente'}
              </span>
            </div>
            <p className="muted">
              {commission.course_info.pickup_address} → {commission.course_info.delivery_address}
            </p>
            <p className="muted">
              Course {formatGnf(commission.course_amount)} · taux {percent(commission.commission_rate)} ·{' '}
              {formatDate(commission.created_at)}
            </p>
          </article>
        ))}
        <LoadMore list={commissionList} />
      </section>
      <section className="card">
        <h3 className="card__title">Historique des paiements</h3>
        {payments.length === 0 && <p className="muted">Aucun paiement.</p>}
        {payments.map((payment) => (
          <article key={payment.id} className="history-item">
            <div className="card__header">
              <strong>{formatGnf(payment.total_commission)}</strong>
              <span className="muted">{PAYMENT_STATUS_LABELS[payment.payment_status]}</span>
            </div>
            <p className="muted">
              Du {formatDate(payment.period_start)} au {formatDate(payment.period_end)} · {payment.total_courses} courses
            </p>
            <p className="muted">
              {payoutMethodLabel(payment.payment_method)} · {payment.payment_reference}
            </p>
          </article>
        ))}
        <LoadMore list={paymentList} />
      </section>
    </div>
  );
}
