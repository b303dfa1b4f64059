import type { StaffRefundDto } from '@coursa/contracts';
import { formatGnf, mayMoveMoney, PAYMENT_METHOD_LABELS } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { refundsApi, refundsQueries } from '../api/refunds-api';

export const REFUND_MESSAGES = {
  failed: 'Erreur lors du remboursement',
  loadFailed: 'Impossible de charger les remboursements',
  confirm: (refund: StaffRefundDto, phone: string) =>
    `Confirmer le remboursement de ${formatGnf(refund.amount)} à ${refund.client_name} sur le ${formatPhone(phone)} ?`,
} as const;


type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * Cancelled paid courses whose money no provider call sends back (README "Refunds"): every staff member sees them,
 * admins send each to the client's wallet.
 */
export function RefundsPanel() {
  const canSend = mayMoveMoney(useCurrentUser().role);
  const refunds = usePagedList(refundsQueries.toDo(), (page) => page.refunds);
  // Each sending reads the refunds again, refused or not (refundsChanged); here it only says how it went.
  const [notice, setNotice] = useState<Notice>(null);
  const done = setNotice;

  return (
    <section className="stack" aria-labelledby="refunds-title">
      <h3 id="refunds-title" className="card__title">
        À rembourser
      </h3>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
      {refunds.isError && <p className="empty-state">{REFUND_MESSAGES.loadFailed}</p>}
      {refunds.isPending && <Loader />}
      {refunds.items?.length === 0 && <p className="empty-state">Aucun remboursement à effectuer</p>}
      {refunds.items && refunds.items.length > 0 && (
        <ul className="stack money-list">
          {refunds.items.map((refund) => (
            <li key={refund.id}>
              <RefundCard refund={refund} canSend={canSend} onDone={done} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={refunds} />
    </section>
  );
}

/** What sending a refund changes, sent or refused (it may have been sent meanwhile): every list of refunds. */
const refundsChanged = () => [refundsQueries.all];

function RefundCard({ refund, canSend, onDone }: { refund: StaffRefundDto; canSend: boolean; onDone: (notice: Notice) => void }) {
  const [phone, setPhone] = useState(refund.client_wallet);
  const sending = useChange((wallet: string) => refundsApi.send(refund.id, { phone: wallet }), refundsChanged, { evenWhenRefused: true });

  function send() {
    if (!window.confirm(REFUND_MESSAGES.confirm(refund, phone.trim()))) return;
    sending.mutate(phone.trim(), {
      onSuccess: (answer) => onDone({ tone: 'success', text: answer.message }),
      onError: (error) => onDone({ tone: 'error', text: errorMessage(error, REFUND_MESSAGES.failed) }),
    });
  }

  return (
    <article className="card stack" aria-label={`Remboursement ${refund.course_number}`}>
      <div className="card__header">
        <h4 className="card__title">
          {refund.course_number} · {refund.client_name}
        </h4>
        <strong>{formatGnf(refund.amount)}</strong>
      </div>
      <dl className="details">
        <DetailRow label="Payé par" value={PAYMENT_METHOD_LABELS[refund.payment_provider] ?? refund.payment_provider} />
        <DetailRow label="Annulée le" value={formatDate(refund.created_at)} />
        <DetailRow label="Référence" value={refund.reference} />
        {refund.failure_reason && <DetailRow label="Dernier échec" value={refund.failure_reason} />}
      </dl>
      {canSend && (
        <>
          <PhoneInput label="Portefeuille du client" value={phone} onChange={(event) => setPhone(event.target.value)} />
          <Button disabled={sending.isPending || !phone.trim()} onClick={send}>
            {sending.isPending ? 'Remboursement…' : 'Rembourser'}
          </Button>
        </>
      )}
    </article>
  );
}
