import type { AdminMerchantDto } from '@coursa/contracts';
import { formatGnf, SEARCH_LENGTH } from '@coursa/domain';
import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Loader } from '@/components/ui/Loader';
import { LoadMore } from '@/components/ui/LoadMore';
import { SearchField } from '@/components/ui/SearchField';
import { useSearchTerm } from '@/hooks/use-search-term';
import { formatNumber, formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { adminMerchantsQueries } from '../api/admin-merchants-api';
import { MerchantDialog } from './MerchantDialog';
import { StatementPanel } from './StatementPanel';

export const MERCHANTS_MESSAGES = {
  loadFailed: 'Impossible de charger les marchands pour le moment.',
  none: 'Aucun marchand pour le moment. « Nouveau marchand » ouvre l’API à un compte client.',
  noneFound: (term: string) => `Aucun marchand trouvé pour « ${term} ».`,
} as const;

const courses = (count: number) => `${formatNumber(count)} course${count > 1 ? 's' : ''}`;

/**
 * Issue 40, « Marchands »: the shops that order by API, with their account, their payment terms and their volume (this
 * month's courses and amount, all-time courses), searched as staff type; staff make a client a merchant or change its
 * profile, and read a month's statement (settled by those who move money).
 */
export function MerchantsTab() {
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const merchants = usePagedList(adminMerchantsQueries.pages(search.term), (page) => page, { keepPrevious: true });
  const [dialog, setDialog] = useState<{ merchant?: AdminMerchantDto } | null>(null);
  const [statementOf, setStatementOf] = useState<AdminMerchantDto | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <div className="stack">
      <div className="card__header">
        <h2 className="page-title">Marchands</h2>
        <div className="button-row">
          <Button variant="secondary" onClick={merchants.reload}>
            Actualiser
          </Button>
          <Button onClick={() => setDialog({})}>Nouveau marchand</Button>
        </div>
      </div>
      <p className="muted">Les commerces qui commandent des livraisons par l’API, avec leurs clés et leurs webhooks.</p>
      <SearchField
        label="Rechercher un marchand"
        hint="Nom du commerce, nom ou téléphone du compte"
        value={search.text}
        onChange={search.setText}
        maxLength={SEARCH_LENGTH.max}
      />
      {notice && <Alert tone="success">{notice}</Alert>}
      {statementOf && <StatementPanel merchant={statementOf} onClose={() => setStatementOf(null)} />}
      {merchants.isPending && <Loader />}
      {merchants.isError && <Alert tone="error">{MERCHANTS_MESSAGES.loadFailed}</Alert>}
      {merchants.items?.length === 0 && <p className="muted">{search.term ? MERCHANTS_MESSAGES.noneFound(search.term) : MERCHANTS_MESSAGES.none}</p>}
      {merchants.items && merchants.items.length > 0 && (
        <div className="admin-table">
          <table>
            <thead>
              <tr>
                <th scope="col">Commerce</th>
                <th scope="col">Compte</th>
                <th scope="col">Conditions de paiement</th>
                <th scope="col">Ce mois-ci</th>
                <th scope="col">Depuis le début</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {merchants.items.map((merchant) => (
                <tr key={merchant.user_id} aria-label={merchant.business_name}>
                  <td>
                    <strong>{merchant.business_name}</strong>
                    <br />
                    <span className="muted">{merchant.pickup.address}</span>
                  </td>
                  <td>
                    {merchant.full_name}
                    <br />
                    <span className="muted">{formatPhone(merchant.phone)}</span>
                  </td>
                  <td>{merchant.payment_terms_label}</td>
                  <td>
                    {courses(merchant.month_courses)}
                    <br />
                    <span className="muted">{formatGnf(merchant.month_amount)}</span>
                  </td>
                  <td>{courses(merchant.total_courses)}</td>
                  <td>
                    <div className="admin-table__actions">
                      <Button variant="secondary" aria-label={`Modifier : ${merchant.business_name}`} onClick={() => setDialog({ merchant })}>
                        Modifier
                      </Button>
                      <Button variant="secondary" aria-label={`Relevé : ${merchant.business_name}`} onClick={() => setStatementOf(merchant)}>
                        Relevé
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <LoadMore list={merchants} />
      {dialog && (
        <MerchantDialog
          merchant={dialog.merchant}
          onClose={() => setDialog(null)}
          onDone={(text) => {
            setDialog(null);
            setNotice(text);
          }}
        />
      )}
    </div>
  );
}
