import type { MarkPaidOutsideRequest, OutsideMethod, UnmatchedPaymentDto, WaitingPayoutDto, WaitingRefundDto } from '@coursa/contracts';
import { formatGnf, mayMoveMoney, PAYMENT_METHOD_LABELS } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Input } from '@/components/ui/Input';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { useChange } from '@/lib/query-client';
import { reconciliationApi, reconciliationQueries } from '../api/reconciliation-api';

export const RECONCILIATION_MESSAGES = {
  loadFailed: 'Impossible de charger le rapprochement',
  failed: "Erreur lors de l'enregistrement",
  referenceRequired: 'La référence du paiement est obligatoire (reçu, numéro de transaction).',
  confirmRefund: (payment: UnmatchedPaymentDto) => `Rembourser ${formatGnf(payment.amount)} à ${payment.client_name} (paiement ${payment.order_id}) ?`,
} as const;

export const OUTSIDE_METHODS: readonly { value: OutsideMethod; label: string }[] = [
  { value: 'cash', label: 'Espèces' },
  { value: 'orange_money', label: 'Orange Money (hors Coursa)' },
  { value: 'mtn_momo', label: 'MTN MoMo (hors Coursa)' },
  { value: 'bank_transfer', label: 'Virement bancaire' },
  { value: 'other', label: 'Autre' },
];


type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * « Rapprochement » (issue 34): the money that waits for staff — course payments credited with no course, refunds and
 * courier payouts no operator can send. Every staff member sees it; admins refund the first and record the others
 * as paid outside Coursa.
 */
export function ReconciliationTab() {
  const canAct = mayMoveMoney(useCurrentUser().role);
  const overview = useQuery(reconciliationQueries.overview());
  // Each write reads the overview again, done or refused (reconciliationChanged); here it only says how it went.
  const [notice, setNotice] = useState<Notice>(null);
  const done = setNotice;

  return (
    <div className="stack">
      <h2 className="page-title">Rapprochement</h2>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {overview.isError && <p className="empty-state">{RECONCILIATION_MESSAGES.loadFailed}</p>}
      {overview.isPending && <Loader />}
      {overview.data && (
        <>
          <Section title="Paiements reçus sans course" empty="Aucun paiement sans course">
            {overview.data.payments.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} canAct={canAct} onDone={done} />
            ))}
          </Section>
          <Section title="Remboursements en attente" empty="Aucun remboursement en attente">
            {overview.data.refunds.map((refund) => (
              <RefundCard key={refund.id} refund={refund} canAct={canAct} onDone={done} />
            ))}
          </Section>
          <Section title="Paiements de livreurs sans virement possible" empty="Aucun paiement de livreur en attente">
            {overview.data.payouts.map((payout) => (
              <PayoutCard key={payout.id} payout={payout} canAct={canAct} onDone={done} />
            ))}
          </Section>
        </>
      )}
    </div>
  );
}

function Section({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <section className="card stack" aria-label={title}>
      <h3 className="card__title">{title}</h3>
      {children.length === 0 ? <p className="empty-state">{empty}</p> : <ul className="stack money-list">{children.map((child, index) => <li key={index}>{child}</li>)}</ul>}
    </section>
  );
}

/** What settling money changes, settled or refused (someone may have settled it meanwhile): the overview. */
const reconciliationChanged = () => [reconciliationQueries.overview()];

function PaymentCard({ payment, canAct, onDone }: { payment: UnmatchedPaymentDto; canAct: boolean; onDone: (notice: Notice) => void }) {
  const [key] = useState(() => crypto.randomUUID());
  const refunding = useChange(() => reconciliationApi.refundPayment(payment.id, key), reconciliationChanged, { evenWhenRefused: true });
  const sending = refunding.isPending;

  function refund() {
    if (!window.confirm(RECONCILIATION_MESSAGES.confirmRefund(payment))) return;
    refunding.mutate(undefined, {
      onSuccess: (answer) => onDone({ tone: 'success', text: answer.message }),
      onError: (error) => onDone({ tone: 'error', text: errorMessage(error, RECONCILIATION_MESSAGES.failed) }),
    });
  }

  return (
    <article className="stack" aria-label={`Paiement ${payment.order_id}`}>
      <div className="card__header">
        <h4 className="card__title">
          {payment.order_id} · {payment.client_name}
        </h4>
        <strong>{formatGnf(payment.amount)}</strong>
      </div>
      <dl className="details">
        <DetailRow label="Payé par" value={PAYMENT_METHOD_LABELS[payment.method] ?? payment.method} />
        <DetailRow label="Téléphone" value={formatPhone(payment.client_phone)} />
        <DetailRow label="Reçu le" value={formatDate(payment.credited_at)} />
        {payment.reason && <DetailRow label="Motif" value={payment.reason} />}
      </dl>
      {canAct && (
        <Button disabled={sending} onClick={refund}>
          {sending ? 'Remboursement…' : 'Rembourser'}
        </Button>
      )}
    </article>
  );
}

function RefundCard({ refund, canAct, onDone }: { refund: WaitingRefundDto; canAct: boolean; onDone: (notice: Notice) => void }) {
  return (
    <article className="stack" aria-label={`Remboursement ${refund.order_id}`}>
      <div className="card__header">
        <h4 className="card__title">
          {refund.course_number} · {refund.client_name}
        </h4>
        <strong>{formatGnf(refund.amount)}</strong>
      </div>
      <dl className="details">
        <DetailRow label="Payé par" value={PAYMENT_METHOD_LABELS[refund.payment_method] ?? refund.payment_method} />
        <DetailRow label="Portefeuille du client" value={formatPhone(refund.client_wallet)} />
        <DetailRow label="Depuis le" value={formatDate(refund.created_at)} />
        {refund.failure_reason && <DetailRow label="Dernier échec" value={refund.failure_reason} />}
      </dl>
      {canAct && <PaidOutsideForm label={`remboursement ${refund.order_id}`} onDone={onDone} send={(body, key) => reconciliationApi.refundPaidOutside(refund.id, body, key)} />}
    </article>
  );
}

function PayoutCard({ payout, canAct, onDone }: { payout: WaitingPayoutDto; canAct: boolean; onDone: (notice: Notice) => void }) {
  return (
    <article className="stack" aria-label={`Paiement ${payout.reference}`}>
      <div className="card__header">
        <h4 className="card__title">
          {payout.deliverer_name} · {payout.reference}
        </h4>
        <strong>{formatGnf(payout.amount)}</strong>
      </div>
      <dl className="details">
        {payout.phone && <DetailRow label="Portefeuille" value={formatPhone(payout.phone)} />}
        <DetailRow label="Période" value={`${formatDate(payout.period_start)} – ${formatDate(payout.period_end)}`} />
        <DetailRow label="Motif" value={payout.reason} />
      </dl>
      {canAct && <PaidOutsideForm label={`paiement ${payout.reference}`} onDone={onDone} send={(body, key) => reconciliationApi.payoutPaidOutside(payout.id, body, key)} />}
    </article>
  );
}

/** « Marquer comme payé hors Coursa »: how it was paid, its reference, a note. */
function PaidOutsideForm({
  label,
  send,
  onDone,
}: {
  label: string;
  send: (body: MarkPaidOutsideRequest, key: string) => Promise<{ message: string }>;
  onDone: (notice: Notice) => void;
}) {
  const [open, setOpen] = useState(false);
  const [method, setMethod] = useState<OutsideMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [key] = useState(() => crypto.randomUUID());
  const settling = useChange((body: MarkPaidOutsideRequest) => send(body, key), reconciliationChanged, { evenWhenRefused: true });
  const sending = settling.isPending;

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Marquer comme payé hors Coursa
      </Button>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reference.trim()) return setProblem(RECONCILIATION_MESSAGES.referenceRequired);
    setProblem(null);
    settling.mutate(
      { method, reference: reference.trim(), note: note.trim() || null },
      {
        onSuccess: (answer) => onDone({ tone: 'success', text: answer.message }),
        onError: (error) => onDone({ tone: 'error', text: errorMessage(error, RECONCILIATION_MESSAGES.failed) }),
      },
    );
  }

  return (
    <form className="form" onSubmit={submit} aria-label={`Payé hors Coursa : ${label}`} noValidate>
      {problem && <Alert tone="error">{problem}</Alert>}
      <Select label="Payé par" value={method} options={OUTSIDE_METHODS} onChange={(event) => setMethod(event.target.value as OutsideMethod)} />
      <Input label="Référence du paiement" value={reference} onChange={(event) => setReference(event.target.value)} maxLength={100} />
      <Input label="Note (facultative)" value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} />
      <div className="button-row">
        <Button type="submit" disabled={sending}>
          {sending ? 'Enregistrement…' : 'Enregistrer le paiement'}
        </Button>
        <Button variant="secondary" onClick={() => setOpen(false)} disabled={sending}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
