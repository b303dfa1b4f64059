import { type AdminMerchantDto, type AdminUserDto } from '@coursa/contracts';
import { MerchantProfileSchema } from '@coursa/contracts/schemas';
import { MERCHANT_PAYMENT_TERMS, MERCHANT_PAYMENT_TERMS_LABELS, type MerchantPaymentTerms, SEARCH_LENGTH } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Field } from '@/components/ui/Field';
import { FormDialog } from '@/components/ui/FormDialog';
import { Input } from '@/components/ui/Input';
import { Loader } from '@/components/ui/Loader';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { SearchField } from '@/components/ui/SearchField';
import { Select } from '@/components/ui/Select';
import { useSearchTerm } from '@/hooks/use-search-term';
import { errorMessage } from '@/lib/api-client';
import { formatPhone } from '@/lib/format';
import { usePagedList } from '@/lib/paged-query';
import { useChange } from '@/lib/query-client';
import { checkWith } from '@/lib/schema-check';
import { adminMerchantsApi, adminMerchantsQueries } from '../api/admin-merchants-api';

export const MERCHANT_DIALOG_MESSAGES = {
  failed: 'Impossible d’enregistrer ce marchand pour le moment.',
  chooseAccount: 'Choisissez le compte client qui devient marchand.',
  typeToSearch: 'Tapez au moins deux caractères : nom, téléphone ou numéro du compte (USR-000042).',
  noneFound: (term: string) => `Aucun compte client trouvé pour « ${term} ».`,
  created: (name: string) => `« ${name} » est maintenant marchand : il trouve ses clés d’API dans « Développeurs ».`,
  updated: (name: string) => `Marchand « ${name} » modifié.`,
} as const;

const TERMS = MERCHANT_PAYMENT_TERMS.map((terms) => ({ value: terms, label: MERCHANT_PAYMENT_TERMS_LABELS[terms] }));

/** A typed coordinate: a number, or nothing when the field is empty (the schema then says it is missing). */
const coordinate = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.replace(',', '.')));

/**
 * « Nouveau marchand » (a client account chosen by a search, then its shop's profile) or « Modifier » (the profile):
 * the business name, the default pickup point (address, latitude and longitude, instructions, contact) and how it pays.
 */
export function MerchantDialog({ merchant, onClose, onDone }: { merchant?: AdminMerchantDto; onClose: () => void; onDone: (message: string) => void }) {
  const [account, setAccount] = useState<Pick<AdminUserDto, 'id' | 'full_name' | 'phone'> | null>(
    merchant ? { id: merchant.user_id, full_name: merchant.full_name, phone: merchant.phone } : null,
  );
  const [fields, setFields] = useState({
    business_name: merchant?.business_name ?? '',
    pickup_address: merchant?.pickup.address ?? '',
    pickup_latitude: merchant ? String(merchant.pickup.latitude) : '',
    pickup_longitude: merchant ? String(merchant.pickup.longitude) : '',
    pickup_instructions: merchant?.pickup.instructions ?? '',
    pickup_contact_name: merchant?.pickup.contact_name ?? '',
    pickup_contact_phone: merchant?.pickup.contact_phone ?? '',
    payment_terms: (merchant?.payment_terms ?? 'cash_on_delivery') as MerchantPaymentTerms,
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useChange(
    ({ userId, body }: { userId: string; body: Parameters<typeof adminMerchantsApi.save>[1] }) => adminMerchantsApi.save(userId, body),
    () => [adminMerchantsQueries.all],
  );
  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblem(null);
    if (!account) return setProblem(MERCHANT_DIALOG_MESSAGES.chooseAccount);
    const checked = checkWith(MerchantProfileSchema, {
      ...fields,
      pickup_latitude: coordinate(fields.pickup_latitude),
      pickup_longitude: coordinate(fields.pickup_longitude),
    });
    if (!checked.ok) return setProblem(checked.problem);
    save.mutate(
      { userId: account.id, body: checked.data },
      {
        onSuccess: (saved) => onDone(merchant ? MERCHANT_DIALOG_MESSAGES.updated(saved.business_name) : MERCHANT_DIALOG_MESSAGES.created(saved.business_name)),
        onError: (caught) => setProblem(errorMessage(caught, MERCHANT_DIALOG_MESSAGES.failed)),
      },
    );
  }

  const [lat, lng] = [coordinate(fields.pickup_latitude), coordinate(fields.pickup_longitude)];
  const placed = lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng);
  return (
    <FormDialog
      title={merchant ? `Modifier : ${merchant.business_name}` : 'Nouveau marchand'}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={save.isPending ? 'Enregistrement…' : 'Enregistrer'}
      submitDisabled={save.isPending || !account}
    >
      {merchant ? (
        <p className="muted">
          Compte : {merchant.full_name} · {formatPhone(merchant.phone)}
        </p>
      ) : (
        <>
          <AccountChooser chosen={account} onChoose={setAccount} />
          {account && (
            <p className="muted" role="status">
              Compte choisi : {account.full_name} · {formatPhone(account.phone)}
            </p>
          )}
        </>
      )}
      <Input label="Nom du commerce" maxLength={120} value={fields.business_name} onChange={set('business_name')} autoFocus={!!merchant} />
      <Input label="Adresse de retrait par défaut" hint="Où les livreurs prennent les colis quand une commande n’en donne pas." maxLength={300} value={fields.pickup_address} onChange={set('pickup_address')} />
      <div className="form__row">
        <Input label="Latitude" inputMode="decimal" value={fields.pickup_latitude} onChange={set('pickup_latitude')} />
        <Input label="Longitude" inputMode="decimal" value={fields.pickup_longitude} onChange={set('pickup_longitude')} />
      </div>
      {placed && (
        <p className="muted">
          <a href={`https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=18/${lat}/${lng}`} target="_blank" rel="noreferrer">
            Voir ce point sur la carte (nouvel onglet)
          </a>
        </p>
      )}
      <Field label="Consignes de retrait (facultatives)">
        {(control) => <textarea className="input" rows={2} maxLength={500} value={fields.pickup_instructions} onChange={set('pickup_instructions')} {...control} />}
      </Field>
      <div className="form__row">
        <Input label="Contact au retrait (facultatif)" maxLength={120} value={fields.pickup_contact_name} onChange={set('pickup_contact_name')} />
        <PhoneInput label="Téléphone du contact (facultatif)" maxLength={40} value={fields.pickup_contact_phone} onChange={set('pickup_contact_phone')} />
      </div>
      <Select label="Conditions de paiement" options={TERMS} value={fields.payment_terms} onChange={set('payment_terms')} />
      {problem && <Alert tone="error">{problem}</Alert>}
    </FormDialog>
  );
}

/** The client account that becomes a merchant, found by a search over client accounts (name, phone, number). */
function AccountChooser({ chosen, onChoose }: { chosen: Pick<AdminUserDto, 'id'> | null; onChoose: (account: AdminUserDto) => void }) {
  const search = useSearchTerm(SEARCH_LENGTH.min);
  const found = usePagedList(adminMerchantsQueries.clients(search.term), (page) => page.users, { enabled: search.term !== undefined, keepPrevious: true });
  return (
    <>
      <SearchField label="Compte client" hint="Nom, téléphone ou numéro du compte" value={search.text} onChange={search.setText} maxLength={SEARCH_LENGTH.max} />
      {search.term === undefined && <p className="muted">{MERCHANT_DIALOG_MESSAGES.typeToSearch}</p>}
      {search.term !== undefined && found.isPending && <Loader />}
      {search.term !== undefined && found.isError && <Alert tone="error">{MERCHANT_DIALOG_MESSAGES.failed}</Alert>}
      {search.term !== undefined && found.items?.length === 0 && <p className="muted">{MERCHANT_DIALOG_MESSAGES.noneFound(search.term)}</p>}
      {search.term !== undefined && found.items && found.items.length > 0 && (
        <fieldset className="form__choices">
          <legend>Choisir le compte</legend>
          {found.items.map((user) => (
            <label key={user.id}>
              <input type="radio" name="merchant-account" checked={chosen?.id === user.id} onChange={() => onChoose(user)} /> {user.full_name}{' '}
              <span className="muted">
                ({formatPhone(user.phone)} · {user.display_id})
              </span>
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
