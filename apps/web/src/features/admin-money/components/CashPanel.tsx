import type { LedgerAdjustmentRequest, OfficeDepositRequest } from '@coursa/contracts';
import { formatGnf, mayMoveMoney } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Select } from '@/components/ui/Select';
import { LoadMore } from '@/components/ui/LoadMore';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { moneyApi, moneyQueries } from '../api/money-api';

/** What a deposit at the office or a correction changes: the cash table. */
const cashChanged = () => [moneyQueries.cash()];

/**
 * Cash on the street: what each courier holds and owes, who is over the cap; admins record deposits made at the office
 * and correct a courier's ledger (a new entry with its reason, never an edit).
 */
export function CashPanel() {
  const cashList = usePagedList(moneyQueries.cash(), (page) => page.couriers);
  // The totals are over every courier: the first page says them.
  const cash = cashList.first;
  // Deposits and corrections move money: administrators only.
  const canRecord = mayMoveMoney(useCurrentUser().role);
  // Below the screen's main lists: nothing until it has something to say.
  if (!cash) return null;
  return (
    <section className="card stack" aria-label="Espèces">
      <h3 className="card__title">Espèces</h3>
      <p>
        Sur le terrain : <strong>{formatGnf(cash.total_on_street)}</strong> · plafond par livreur : {formatGnf(cash.cash_cap)}
      </p>
      {cashList.items?.length === 0 && <p className="empty-state">Aucun livreur ne détient d'espèces.</p>}
      <ul className="stack money-list">
        {cashList.items?.map((courier) => (
          <li key={courier.courier_id} className={`card stack${courier.over_cap ? ' card--alert' : ''}`} data-courier={courier.courier_id}>
            <div className="card__header">
              <h4 className="card__title">{courier.name}</h4>
              {courier.over_cap && <span className="status-badge status-badge--cancelled">Au-dessus du plafond</span>}
            </div>
            <p className="muted">
              {formatPhone(courier.phone)} · détient {formatGnf(courier.cash_held)} · doit {formatGnf(courier.cash_owed)} · solde {formatGnf(courier.balance)}
            </p>
            {canRecord && courier.cash_held > 0 && <OfficeDeposit courierId={courier.courier_id} held={courier.cash_held} />}
            {canRecord && <LedgerAdjustment courierId={courier.courier_id} />}
          </li>
        ))}
      </ul>
      <LoadMore list={cashList} />
    </section>
  );
}

function OfficeDeposit({ courierId, held }: { courierId: string; held: number }) {
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const deposit = useChange((body: OfficeDepositRequest) => moneyApi.officeDeposit(courierId, body), cashChanged);

  function submit(event: FormEvent) {
    event.preventDefault();
    deposit.mutate(
      { amount: Number(amount), note: note.trim() || undefined },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setAmount('');
          setNote('');
        },
        onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, "Erreur lors de l'enregistrement du dépôt.") }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Dépôt au bureau">
      <Input label="Dépôt au bureau (GNF)" type="number" min={1} max={held} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Input label="Note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" variant="secondary" disabled={!(Number(amount) > 0)}>
        Enregistrer le dépôt
      </Button>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </form>
  );
}

const ACCOUNTS: readonly { value: LedgerAdjustmentRequest['account']; label: string }[] = [
  { value: 'earnings', label: 'Gains dus au livreur' },
  { value: 'cash', label: 'Espèces détenues par le livreur' },
];

/** A correction of one account: a signed amount (negative takes away) and its reason, both required; audited by the API. */
function LedgerAdjustment({ courierId }: { courierId: string }) {
  const [account, setAccount] = useState<LedgerAdjustmentRequest['account']>('earnings');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const correction = useChange((body: LedgerAdjustmentRequest) => moneyApi.adjust(courierId, body), cashChanged);
  const value = Number(amount);
  const ready = Number.isInteger(value) && value !== 0 && reason.trim().length >= 3;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || !window.confirm(`Enregistrer une correction de ${formatGnf(value)} (${ACCOUNTS.find((option) => option.value === account)!.label.toLowerCase()}) ?`)) return;
    correction.mutate(
      { account, amount: value, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          setNotice({ tone: 'success', text: answer.message });
          setAmount('');
          setReason('');
        },
        onError: (error) => setNotice({ tone: 'error', text: errorMessage(error, "Erreur lors de l'enregistrement de la correction.") }),
      },
    );
  }

  return (
    <form className="stack" onSubmit={submit} aria-label="Correction du grand livre">
      <Select label="Compte à corriger" options={ACCOUNTS} value={account} onChange={(event) => setAccount(event.target.value as LedgerAdjustmentRequest['account'])} />
      <Input label="Montant de la correction (GNF, négatif pour retirer)" type="number" step={1} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Input label="Raison (obligatoire)" value={reason} maxLength={500} required onChange={(event) => setReason(event.target.value)} />
      <Button type="submit" variant="secondary" disabled={correction.isPending || !ready}>
        Enregistrer la correction
      </Button>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </form>
  );
}
