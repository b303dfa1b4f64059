import type { AdminMerchantDto, MerchantStatementDto } from '@coursa/contracts';
import { SettleStatementSchema } from '@coursa/contracts/schemas';
import { formatGnf, mayMoveMoney, monthEnded, monthLabel, monthOf, settleableFrom } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { Loader } from '@/components/ui/Loader';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { adminMerchantsApi, adminMerchantsQueries } from '../api/admin-merchants-api';

/** This month in Conakry (`YYYY-MM`): the statement shown first, and the last one the month picker offers. */
export const currentMonth = () => monthOf(new Date());

export const STATEMENT_MESSAGES = {
  loadFailed: 'Impossible de charger ce relevé pour le moment.',
  settleFailed: 'Impossible de marquer ce relevé comme réglé pour le moment.',
  none: (month: string) => `Aucune course livrée sur relevé en ${monthLabel(month)}.`,
  notEnded: (month: string) => `Le mois n’est pas terminé : ce relevé pourra être réglé à partir du ${settleableFrom(month)}.`,
  notSettled: 'Non réglé.',
  settled: (settlement: NonNullable<MerchantStatementDto['settlement']>) =>
    `Réglé le ${formatDateTime(settlement.settled_at)} par ${settlement.settled_by} : ${formatGnf(settlement.amount)}${settlement.reference ? ` (référence ${settlement.reference})` : ''}.`,
  settleConfirm: (statement: MerchantStatementDto) =>
    `Marquer le relevé de ${monthLabel(statement.month)} de ${statement.business_name} comme réglé (${formatGnf(statement.amount)}, ${statement.course_count} course${statement.course_count > 1 ? 's' : ''}) ?`,
} as const;

/**
 * « Relevé »: a merchant's month on account (its courses delivered on `monthly_statement` terms, their total), and
 * whether it was settled; once the month is over, those who move money mark it settled, with their reference.
 */
export function StatementPanel({ merchant, onClose }: { merchant: AdminMerchantDto; onClose: () => void }) {
  const titleId = useId();
  const [month, setMonth] = useState(currentMonth);
  const statement = useQuery(adminMerchantsQueries.statement(merchant.user_id, month));
  const canSettle = mayMoveMoney(useCurrentUser().role);
  const data = statement.data;

  return (
    <section className="card stack" aria-labelledby={titleId}>
      <div className="card__header">
        <h3 id={titleId} className="card__title">
          Relevé de {merchant.business_name}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Fermer
        </Button>
      </div>
      <Input label="Mois" type="month" max={currentMonth()} value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} />
      {statement.isPending && <Loader />}
      {statement.isError && <Alert tone="error">{errorMessage(statement.error, STATEMENT_MESSAGES.loadFailed)}</Alert>}
      {data && (
        <>
          {data.courses.length === 0 ? (
            <p className="muted">{STATEMENT_MESSAGES.none(data.month)}</p>
          ) : (
            <div className="admin-table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">Course</th>
                    <th scope="col">Référence</th>
                    <th scope="col">Livrée le</th>
                    <th scope="col">Montant</th>
                  </tr>
                </thead>
                <tbody>
                  {data.courses.map((course) => (
                    <tr key={course.id}>
                      <td className="admin-table__id">{course.course_number}</td>
                      <td>{course.reference ?? '—'}</td>
                      <td>{formatDate(course.delivered_at)}</td>
                      <td>{formatGnf(course.amount)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      Total : {data.course_count} course{data.course_count > 1 ? 's' : ''}
                    </th>
                    <td>
                      <strong>{formatGnf(data.amount)}</strong>
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          )}
          {data.settlement ? (
            <Alert tone="success">{STATEMENT_MESSAGES.settled(data.settlement)}</Alert>
          ) : (
            data.course_count > 0 && <p className="muted">{STATEMENT_MESSAGES.notSettled}</p>
          )}
          {!data.settlement && data.course_count > 0 && canSettle && (
            monthEnded(data.month, new Date()) ? <SettleForm key={data.month} statement={data} /> : <p className="muted">{STATEMENT_MESSAGES.notEnded(data.month)}</p>
          )}
        </>
      )}
    </section>
  );
}

/** « Marquer comme réglé », with the transfer's or receipt's reference (optional); its own Idempotency-Key per month. */
function SettleForm({ statement }: { statement: MerchantStatementDto }) {
  const [reference, setReference] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const [problem, setProblem] = useState<string | null>(null);
  const settle = useChange(
    (body: { month: string; reference?: string | null }) => adminMerchantsApi.settle(statement.merchant_id, body, key),
    () => [adminMerchantsQueries.statementsOf(statement.merchant_id)],
    { evenWhenRefused: true },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    const checked = checkWith(SettleStatementSchema, { month: statement.month, reference });
    if (!checked.ok) return setProblem(checked.problem);
    if (!window.confirm(STATEMENT_MESSAGES.settleConfirm(statement))) return;
    settle.mutate(checked.data, { onError: (caught) => setProblem(errorMessage(caught, STATEMENT_MESSAGES.settleFailed)) });
  }

  return (
    <form className="form" onSubmit={submit} aria-label={`Régler le relevé de ${monthLabel(statement.month)}`}>
      <Input label="Référence du règlement (facultative)" hint="Virement, reçu de caisse…" maxLength={100} value={reference} onChange={(event) => setReference(event.target.value)} />
      <Button type="submit" disabled={settle.isPending}>
        {settle.isPending ? 'Enregistrement…' : 'Marquer comme réglé'}
      </Button>
      {problem && <Alert tone="error">{problem}</Alert>}
    </form>
  );
}
