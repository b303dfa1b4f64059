import { pendingByCourier, type CommissionSummaryDto, type PayoutDto, type PendingCommissionGroupDto, type StaffPaymentRequestDto } from '@coursa/contracts';
import { formatGnf, mayMoveMoney, toGuineanMobile, walletOperatorOf, WALLET_OPERATOR_LABELS, type WalletOperator } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatNumber, formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { moneyApi, moneyChanged, moneyQueries } from '../api/money-api';
import { MONEY_ERRORS, paymentConfirmation, REQUEST_HANDLED } from './payment-messages';
import { DetailRow } from '@/components/ui/DetailRow';
import { CashPanel } from './CashPanel';
import { RefundsPanel } from './RefundsPanel';
import { WeeklyRunCard } from './WeeklyRunCard';

type Section = 'pending' | 'requests' | 'history';
const SECTIONS: readonly { value: Section; label: string }[] = [
  { value: 'pending', label: 'En attente' },
  { value: 'requests', label: 'Demandes' },
  { value: 'history', label: 'Historique' },
];

const REQUEST_STATUS_LABELS: Record<StaffPaymentRequestDto['status'], string> = {
  pending: 'En attente',
  approved: 'Approuvée',
  rejected: 'Rejetée',
};

const PAYOUT_STATUS_LABELS: Record<PayoutDto['status'], string> = {
  processing: 'En cours',
  completed: 'Effectué',
  failed: 'Échoué — remis au solde',
};

type Notice = { tone: 'success' | 'error'; text: string } | null;

/** The wallet a typed number is: payouts go to Orange Money (62X) or MTN MoMo (66X) only. */
function walletOperatorOfInput(phone: string): WalletOperator | null {
  const wallet = toGuineanMobile(phone);
  return wallet ? walletOperatorOf(wallet) : null;
}

/** What the phone field says: the number's wallet, or that it cannot be paid. */
export function walletHint(phone: string): string {
  const operator = walletOperatorOfInput(phone);
  return operator ? WALLET_OPERATOR_LABELS[operator] : 'Numéro invalide : Orange Money (62X) ou MTN MoMo (66X) uniquement';
}

/** Only administrators move money: support sees the same lists without the buttons that would pay, decide or send. */
const useMovesMoney = () => mayMoveMoney(useCurrentUser().role);

/** Spec §2 "Payments and commissions": summary, then pending commissions, payment requests and payout history. */
export function CommissionPaymentsTab() {
  const movesMoney = useMovesMoney();
  const [section, setSection] = useState<Section>('pending');
  const { data: summary = null } = useQuery(moneyQueries.summary());
  const groups = usePagedList(moneyQueries.pending(), (page) => pendingByCourier(page.commissions));
  const requests = usePagedList(moneyQueries.paymentRequests(), (page) => page.requests);
  const payouts = usePagedList(moneyQueries.payouts(), (payouts) => payouts);
  // Each write reads the screen again once it succeeded (moneyChanged); here it only says how it went.
  const [notice, setNotice] = useState<Notice>(null);
  const done = setNotice;

  return (
    <div className="stack">
      <h2 className="page-title">Paiements et commissions</h2>
      {/* Clients waiting for their money come first, above the commissions and the deposit forms (issue 38). */}
      <RefundsPanel />
      <SummaryCard summary={summary} />
      <SegmentedControl label="Sections" options={SECTIONS} value={section} onChange={setSection} />
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {section === 'pending' && (groups.items ? <PendingCommissions groups={groups.items} onDone={done} /> : <Loader />)}
      {section === 'requests' && (requests.items ? <PaymentRequests requests={requests.items} onDone={done} /> : <Loader />)}
      {section === 'history' && (payouts.items ? <PayoutHistory payouts={payouts.items} onDone={done} /> : <Loader />)}
      <LoadMore list={{ pending: groups, requests, history: payouts }[section]} />
      {movesMoney && <WeeklyRunCard />}
      <CashPanel />
    </div>
  );
}

function SummaryCard({ summary }: { summary: CommissionSummaryDto | null }) {
  if (!summary) return <Loader />;
  return (
    <section className="card money-summary" aria-label="Résumé des commissions">
      <Figure label="Montant en attente" value={formatGnf(summary.pending_amount)} />
      <Figure label="Commissions en attente" value={formatNumber(summary.pending_count)} />
      <Figure label="Payé ce mois" value={formatGnf(summary.paid_this_month)} />
      <Figure label="Paiements ce mois" value={formatNumber(summary.payments_this_month)} />
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="money-summary__figure">
      <span className="muted">{label}</span>
      <strong>{value}</strong>
    </div>
  );
}

function PendingCommissions({ groups, onDone }: { groups: PendingCommissionGroupDto[]; onDone: (notice: Notice) => void }) {
  if (groups.length === 0) return <p className="empty-state">Aucune commission en attente</p>;
  return (
    <ul className="stack money-list">
      {groups.map((group) => (
        <li key={group.deliverer_id}>
          <PendingGroup group={group} onDone={onDone} />
        </li>
      ))}
    </ul>
  );
}

function PendingGroup({ group, onDone }: { group: PendingCommissionGroupDto; onDone: (notice: Notice) => void }) {
  // The wallet the weekly run pays (the KYC wallet, else the phone), not necessarily the login phone.
  const [phone, setPhone] = useState(group.deliverer_wallet);
  const payment = useChange(moneyApi.processPayment, moneyChanged);
  const movesMoney = useMovesMoney();
  const payable = walletOperatorOfInput(phone) !== null;
  // Commissions already inside a payout in progress are not paid again by hand.
  const free = group.commissions.filter((commission) => !commission.in_payout);
  const freeAmount = free.reduce((sum, commission) => sum + commission.amount, 0);

  function pay() {
    if (!window.confirm(paymentConfirmation(freeAmount, group.deliverer_name))) return;
    payment.mutate(
      { deliverer_id: group.deliverer_id, commission_ids: free.map((commission) => commission.id), payment_method: 'mobile_money', phone: phone.trim() },
      {
        onSuccess: (answer) => onDone({ tone: 'success', text: answer.message }),
        onError: (error) => onDone({ tone: 'error', text: errorMessage(error, MONEY_ERRORS.payment) }),
      },
    );
  }

  return (
    <article className="card stack">
      <div className="card__header">
        <h3 className="card__title">{group.deliverer_name}</h3>
        <strong>{formatGnf(group.amount)}</strong>
      </div>
      <p className="muted">
        {formatPhone(group.deliverer_phone)} · {group.count} {group.count > 1 ? 'commissions' : 'commission'}
      </p>
      <ul className="money-lines">
        {group.commissions.map((commission) => (
          <li key={commission.id}>
            <span>{formatDate(commission.created_at)}</span>
            <span>
              {formatGnf(commission.amount)}
              {commission.in_payout && <span className="muted"> · en cours de paiement</span>}
            </span>
          </li>
        ))}
      </ul>
      {movesMoney && free.length === 0 && <p className="muted">Toutes ces commissions sont déjà dans un paiement en cours.</p>}
      {movesMoney && free.length > 0 && (
        <>
          <PhoneInput
            label="Numéro Mobile Money"
            value={phone}
            onChange={(event) => setPhone(event.target.value)}
            hint={walletHint(phone)}
            aria-invalid={!payable}
          />
          <Button disabled={payment.isPending || !payable} onClick={pay}>
            {payment.isPending ? 'Paiement…' : free.length === group.commissions.length ? 'Payer' : `Payer ${formatGnf(freeAmount)}`}
          </Button>
        </>
      )}
    </article>
  );
}

function PaymentRequests({ requests, onDone }: { requests: StaffPaymentRequestDto[]; onDone: (notice: Notice) => void }) {
  const decide = useChange(({ id, decision }: { id: string; decision: 'approve' | 'reject' }) => moneyApi[decision](id), moneyChanged);
  const busy = decide.isPending ? decide.variables.id : null;
  const movesMoney = useMovesMoney();
  if (requests.length === 0) return <p className="empty-state">Aucune demande de paiement</p>;

  function handle(request: StaffPaymentRequestDto, decision: 'approve' | 'reject') {
    decide.mutate(
      { id: request.id, decision },
      {
        onSuccess: (answer) => onDone({ tone: 'success', text: answer.message || REQUEST_HANDLED[decision] }),
        onError: (error) => onDone({ tone: 'error', text: errorMessage(error, MONEY_ERRORS.request) }),
      },
    );
  }

  return (
    <ul className="stack money-list">
      {requests.map((request) => (
        <li key={request.id} className="card stack">
          <div className="card__header">
            <h3 className="card__title">{request.deliverer_name}</h3>
            <strong>{formatGnf(request.amount)}</strong>
          </div>
          <p className="muted">
            {formatDate(request.created_at)} · {request.reason === 'early_payment' ? 'Paiement anticipé' : request.reason} ·{' '}
            {REQUEST_STATUS_LABELS[request.status]}
          </p>
          {movesMoney && request.status === 'pending' && (
            <div className="button-row">
              <Button disabled={busy === request.id} onClick={() => handle(request, 'approve')}>
                Approuver
              </Button>
              <Button variant="secondary" disabled={busy === request.id} onClick={() => handle(request, 'reject')}>
                Rejeter
              </Button>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

function PayoutHistory({ payouts, onDone }: { payouts: PayoutDto[]; onDone: (notice: Notice) => void }) {
  const statusCheck = useChange(moneyApi.checkPayout, moneyChanged);
  const checking = statusCheck.isPending ? statusCheck.variables : null;
  const movesMoney = useMovesMoney();
  if (payouts.length === 0) return <p className="empty-state">Aucun paiement effectué</p>;

  function check(payout: PayoutDto) {
    statusCheck.mutate(payout.id, {
      onSuccess: (answer) => onDone({ tone: 'success', text: answer.message }),
      onError: (error) => onDone({ tone: 'error', text: errorMessage(error, MONEY_ERRORS.payment) }),
    });
  }

  return (
    <ul className="stack money-list">
      {payouts.map((payout) => (
        <li key={payout.id} className="card stack">
          <div className="card__header">
            <h3 className="card__title">{payout.deliverer_name}</h3>
            <strong>{formatGnf(payout.amount)}</strong>
          </div>
          <dl className="details">
            <DetailRow label="Statut" value={PAYOUT_STATUS_LABELS[payout.status]} />
            <DetailRow label="Période" value={`${formatDate(payout.period_start)} – ${formatDate(payout.period_end)}`} />
            <DetailRow label="Courses" value={formatNumber(payout.total_courses)} />
            <DetailRow label="Versé sur" value={payout.phone ? formatPhone(payout.phone) : payout.method} />
            <DetailRow label="Référence" value={payout.reference} />
            <DetailRow label="Date" value={formatDate(payout.completed_at ?? payout.created_at)} />
          </dl>
          {movesMoney && payout.status === 'processing' && (
            <Button variant="secondary" disabled={checking === payout.id} onClick={() => check(payout)}>
              Vérifier le statut
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
