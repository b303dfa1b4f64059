import type { EarningsSummaryDto, LedgerEntryKind } from '@coursa/contracts';
import { formatGnf, toGuineanMobile, walletOperatorOf, WALLET_OPERATOR_LABELS } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Input } from '@/components/ui/Input';
import { LoadMore } from '@/components/ui/LoadMore';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-query';
import { courierApi, courierQueries } from '../api/courier-api';
import { formatDateTime, formatPhone } from '@/lib/format';
import type { PendingDeposit } from '../stores/pending-deposit';

export const LEDGER_KIND_LABELS: Record<LedgerEntryKind, string> = {
  commission_earned: 'Commission',
  cash_collected: 'Espèces encaissées',
  cash_deposited: "Dépôt d'espèces",
  cash_netted: 'Compensation espèces / commissions',
  payout_sent: 'Virement envoyé',
  payout_reversed: 'Virement échoué, remis au solde',
  adjustment: 'Correction',
};

const signed = (amount: number) => `${amount > 0 ? '+' : amount < 0 ? '−' : ''}${formatGnf(Math.abs(amount))}`;

/** Where the deposit page sends the courier (a seam for tests). */
export const depositBrowser = { open: (url: string) => window.location.assign(url) };

/** The balance in words: what Coursa owes the courier, or what they owe Coursa. */
export function balanceText(balance: number): string {
  if (balance > 0) return `Coursa vous doit ${formatGnf(balance)}`;
  if (balance < 0) return `Vous devez ${formatGnf(-balance)}`;
  return formatGnf(0);
}

interface CourierMoneyProps {
  summary: EarningsSummaryDto;
  /** A deposit waits for its operator: no second one meanwhile. */
  depositWaiting: boolean;
  onDepositStarted: (deposit: PendingDeposit) => void;
}

/** The courier's money from their ledger: balance, cash held and owed, deposits, and the entries. */
export function CourierMoney({ summary, depositWaiting, onDepositStarted }: CourierMoneyProps) {
  const ledger = usePagedList(courierQueries.ledger(), (page) => page.entries);
  return (
    <>
      <section className="card stack" aria-label="Solde et espèces">
        <h3 className="card__title">Solde et espèces</h3>
        <dl className="details">
          <DetailRow label="Solde" value={balanceText(summary.balance)} />
          <DetailRow label="Espèces détenues" value={formatGnf(summary.cash_held)} />
          <DetailRow label="Espèces à déposer" value={formatGnf(summary.cash_owed)} />
          <DetailRow label="Dépôts" value={formatGnf(summary.cash_deposits)} />
        </dl>
        {summary.over_cash_cap && (
          <Alert tone="error">
            Vous ne recevez plus de courses payées en espèces : déposez la part de Coursa ({formatGnf(summary.cash_owed)}, plafond{' '}
            {formatGnf(summary.cash_cap)}) par mobile money ci-dessous ou au bureau Coursa.
          </Alert>
        )}
        {summary.cash_owed > 0 && !depositWaiting && (
          <DepositForm owed={summary.cash_owed} depositsBefore={summary.cash_deposits} onStarted={onDepositStarted} />
        )}
      </section>
      <section className="card" aria-label="Mouvements">
        <h3 className="card__title">Mouvements</h3>
        {ledger.items?.length === 0 && <p className="muted">Aucun mouvement.</p>}
        {ledger.items?.map((entry) => (
          <article key={entry.id} className="history-item ledger-entry">
            <div className="card__header">
              <strong>{LEDGER_KIND_LABELS[entry.kind]}</strong>
              <span>{signed(entry.amount)}</span>
            </div>
            <p className="muted">
              {entry.account === 'cash' ? 'Espèces' : 'Gains'} · {formatDateTime(entry.created_at)}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </p>
          </article>
        ))}
        <LoadMore list={ledger} />
      </section>
    </>
  );
}

interface DepositFormProps {
  owed: number;
  depositsBefore: number;
  onStarted: (deposit: PendingDeposit) => void;
}

/** Deposit by mobile money: the number says which operator; the operator's page (if any) confirms the payment. */
function DepositForm({ owed, depositsBefore, onStarted }: DepositFormProps) {
  const ownPhone = useCurrentUser().phone;
  const [phone, setPhone] = useState(() => (ownPhone ? formatPhone(ownPhone) : ''));
  const [amount, setAmount] = useState(String(owed));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const wallet = toGuineanMobile(phone);
  const operator = wallet ? walletOperatorOf(wallet) : null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!wallet || !operator) return setError('Numéro Orange Money (62X) ou MTN MoMo (66X) attendu.');
    setSending(true);
    setError(null);
    try {
      const started = await courierApi.depositCash({ payment_method: operator, phone_number: wallet, amount: Number(amount) });
      // No page (MTN MoMo): the operator asks the courier's phone, and the screen says so while it follows the deposit.
      onStarted({ amount: started.amount, deposits_before: depositsBefore, started_at: Date.now(), ...(!started.payment_link && { prompt_phone: wallet }) });
      if (started.payment_link) depositBrowser.open(started.payment_link);
    } catch (caught) {
      setError(errorMessage(caught, 'Erreur lors du dépôt.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Déposer par mobile money">
      <h4>Déposer par mobile money</h4>
      <PhoneInput label="Numéro mobile money" value={phone} onChange={(event) => setPhone(event.target.value)} hint={operator ? WALLET_OPERATOR_LABELS[operator] : 'Orange Money (62X) ou MTN MoMo (66X)'} />
      <Input label="Montant (GNF)" type="number" min={1} max={owed} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Button type="submit" disabled={sending}>
        Déposer {formatGnf(Number(amount) || 0)}
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
