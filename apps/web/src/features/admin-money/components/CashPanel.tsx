import { formatGnf } from '@coursa/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { LoadMore } from '@/components/ui/LoadMore';
import { useSessionStore } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { moneyApi, moneyQueries } from '../api/money-api';

/** Cash on the street: what each courier holds and owes, who is over the cap; admins record deposits made at the office. */
export function CashPanel() {
  const cashList = usePagedList(moneyQueries.cash(), (page) => page.couriers);
  // The totals are over every courier: the first page says them.
  const cash = cashList.first;
  const role = useSessionStore((state) => state.user?.role);
  const canRecord = role === 'admin' || role === 'super_admin';
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
  const queryClient = useQueryClient();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await moneyApi.officeDeposit(courierId, { amount: Number(amount), note: note.trim() || undefined });
      setNotice({ tone: 'success', text: answer.message });
      setAmount('');
      setNote('');
      void queryClient.invalidateQueries(moneyQueries.cash());
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, "Erreur lors de l'enregistrement du dépôt.") });
    }
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-label="Dépôt au bureau">
      <Input label="Dépôt au bureau (GNF)" type="number" min={1} max={held} value={amount} onChange={(event) => setAmount(event.target.value)} />
      <Input label="Note" value={note} maxLength={500} onChange={(event) => setNote(event.target.value)} />
      <Button type="submit" variant="secondary" disabled={!(Number(amount) > 0)}>
        Enregistrer le dépôt
      </Button>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
    </form>
  );
}
