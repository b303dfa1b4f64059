import type { CourierFileDto, CourierKycDto, UpdateCourierFileRequest } from '@coursa/contracts';
import { accountTypeLabel, mayMoveMoney, PAYOUT_ACCOUNTS, VEHICLE_TYPES, type PayoutAccount, type VehicleType } from '@coursa/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DetailRow } from '@/components/ui/DetailRow';
import { Input } from '@/components/ui/Input';
import { Loader } from '@/components/ui/Loader';
import { Select } from '@/components/ui/Select';
import { StoredPhotoToggle } from '@/components/ui/StoredPhoto';
import { useCurrentUser } from '@/features/auth';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatPhone } from '@/lib/format';
import { useChange } from '@/lib/query-client';
import { courierFileQuery, updateCourierFile } from '../api/onboarding-api';
import { ID_TYPE_LABELS, PAYOUT_ACCOUNT_LABELS, RELATIONSHIP_LABELS, VEHICLE_TYPE_LABELS } from './kyc-labels';

export const COURIER_FILE_MESSAGES = {
  loadFailed: 'Impossible de charger le dossier du livreur',
  saveFailed: "Erreur lors de l'enregistrement du dossier",
  noKyc: "Ce livreur n'a pas de dossier KYC : il a été créé sans le formulaire « Nouveau livreur ».",
  unchanged: 'Aucune modification à enregistrer.',
} as const;

const orNone = (value: string | null | undefined) => value || 'Non renseigné';

/**
 * « Dossier du livreur » (issue 38): the courier's identity, KYC photos, vehicle and payout wallet, as onboarding
 * recorded them; admins change them (the server checks every value with the onboarding's rules and audits each change).
 */
export function CourierFilePanel({ courierId, onClose }: { courierId: string; onClose: () => void }) {
  const { data: file, isError, isPending } = useQuery(courierFileQuery(courierId));
  const canEdit = mayMoveMoney(useCurrentUser().role);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  return (
    <section className="card stack" aria-labelledby="courier-file-title">
      <div className="card__header">
        <h3 className="card__title" id="courier-file-title">
          Dossier du livreur{file ? ` — ${file.full_name}` : ''}
        </h3>
        <Button variant="secondary" onClick={onClose}>
          Fermer le dossier
        </Button>
      </div>
      {isPending && <Loader />}
      {isError && <Alert tone="error">{COURIER_FILE_MESSAGES.loadFailed}</Alert>}
      {saved && <Alert tone="success">{saved}</Alert>}
      {file && !editing && <FileDetails file={file} />}
      {file?.kyc && canEdit && !editing && (
        <Button variant="primary" onClick={() => (setSaved(null), setEditing(true))}>
          Modifier le dossier
        </Button>
      )}
      {file?.kyc && editing && (
        <FileForm
          file={file}
          kyc={file.kyc}
          onCancel={() => setEditing(false)}
          onSaved={(message) => {
            setEditing(false);
            setSaved(message);
          }}
        />
      )}
    </section>
  );
}

function FileDetails({ file }: { file: CourierFileDto }) {
  const kyc = file.kyc;
  return (
    <>
      <dl className="details">
        <DetailRow label="Numéro" value={file.display_id} />
        <DetailRow label="Téléphone" value={formatPhone(file.phone)} />
        <DetailRow label="Email" value={orNone(file.email)} />
        <DetailRow label="Type de compte" value={accountTypeLabel(file.role)} />
        <DetailRow label="Statut" value={file.is_active ? 'Actif' : 'Inactif'} />
        <DetailRow label="Inscription" value={formatDate(file.created_at)} />
      </dl>
      {!kyc ? (
        <p className="muted">{COURIER_FILE_MESSAGES.noKyc}</p>
      ) : (
        <>
          <h4 className="card__title">Identité</h4>
          <dl className="details">
            <DetailRow label="Pièce d'identité" value={`${ID_TYPE_LABELS[kyc.id_type]} n° ${kyc.id_number}`} />
            <DetailRow label="Expire le" value={formatDate(kyc.id_expiry_date)} />
            <DetailRow label="Groupe sanguin" value={orNone(kyc.blood_group)} />
            <DetailRow label="Adresse" value={orNone(kyc.address)} />
            <DetailRow label="Contact d'urgence" value={`${kyc.emergency_contact_name} (${RELATIONSHIP_LABELS[kyc.emergency_contact_relationship]}), ${formatPhone(kyc.emergency_contact_phone)}`} />
          </dl>
          <StoredPhotoToggle url={kyc.id_photo_url} label="pièce d'identité" alt="Photo de la pièce d'identité" />
          {kyc.personal_photo_url && <StoredPhotoToggle url={kyc.personal_photo_url} label="photo personnelle" alt="Photo personnelle du livreur" />}
          <h4 className="card__title">Véhicule</h4>
          <dl className="details">
            <DetailRow label="Type" value={kyc.vehicle_type ? VEHICLE_TYPE_LABELS[kyc.vehicle_type] : 'Non renseigné'} />
            <DetailRow label="Immatriculation" value={orNone(kyc.vehicle_registration)} />
            <DetailRow label="Permis" value={orNone(kyc.license_number)} />
            <DetailRow label="Description" value={orNone(kyc.vehicle_description)} />
          </dl>
          <h4 className="card__title">Paiement</h4>
          <dl className="details">
            <DetailRow label="Banque ou portefeuille" value={kyc.bank_name ? PAYOUT_ACCOUNT_LABELS[kyc.bank_name] : 'Non renseigné'} />
            <DetailRow label="Numéro de compte ou de portefeuille" value={orNone(kyc.bank_account)} />
          </dl>
        </>
      )}
    </>
  );
}

/** The editable fields, as text; what differs from the file is sent. */
interface FormValues {
  full_name: string;
  email: string;
  vehicle_type: VehicleType | '';
  vehicle_registration: string;
  license_number: string;
  vehicle_description: string;
  id_number: string;
  id_expiry_date: string;
  address: string;
  emergency_contact_name: string;
  emergency_contact_phone: string;
  bank_name: PayoutAccount | '';
  bank_account: string;
}

const valuesOf = (file: CourierFileDto, kyc: CourierKycDto): FormValues => ({
  full_name: file.full_name,
  email: file.email ?? '',
  vehicle_type: kyc.vehicle_type ?? '',
  vehicle_registration: kyc.vehicle_registration ?? '',
  license_number: kyc.license_number ?? '',
  vehicle_description: kyc.vehicle_description ?? '',
  id_number: kyc.id_number,
  id_expiry_date: kyc.id_expiry_date,
  address: kyc.address ?? '',
  emergency_contact_name: kyc.emergency_contact_name,
  emergency_contact_phone: kyc.emergency_contact_phone,
  bank_name: kyc.bank_name ?? '',
  bank_account: kyc.bank_account ?? '',
});

function FileForm({ file, kyc, onCancel, onSaved }: { file: CourierFileDto; kyc: CourierKycDto; onCancel: () => void; onSaved: (message: string) => void }) {
  const initial = valuesOf(file, kyc);
  const [form, setForm] = useState<FormValues>(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useChange(updateCourierFile, () => [courierFileQuery(file.id)]);
  const field = (name: keyof FormValues) => ({
    name,
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm({ ...form, [name]: event.target.value }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const changed = (Object.keys(form) as (keyof FormValues)[]).filter((name) => form[name] !== initial[name]);
    if (changed.length === 0) return setProblem(COURIER_FILE_MESSAGES.unchanged);
    setProblem(null);
    // An emptied optional field is cleared (null), as the onboarding form leaves it out.
    const body = Object.fromEntries(changed.map((name) => [name, form[name] === '' ? null : form[name]])) as UpdateCourierFileRequest;
    save.mutate({ id: file.id, body }, { onSuccess: (answer) => onSaved(answer.message) });
  }

  const error = problem ?? (save.error ? errorMessage(save.error, COURIER_FILE_MESSAGES.saveFailed) : null);
  return (
    <form className="stack" onSubmit={submit} aria-label="Modifier le dossier du livreur">
      {error && <Alert tone="error">{error}</Alert>}
      <Input label="Nom complet" required {...field('full_name')} />
      <Input label="Email" type="email" {...field('email')} />
      <Select label="Type de véhicule" options={[{ value: '', label: 'Non renseigné' }, ...VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_TYPE_LABELS[type] }))]} {...field('vehicle_type')} />
      <Input label="Immatriculation" {...field('vehicle_registration')} />
      <Input label="Numéro de permis" {...field('license_number')} />
      <Input label="Description du véhicule" {...field('vehicle_description')} />
      <Input label="Numéro de la pièce d'identité" required {...field('id_number')} />
      <Input label="Date d'expiration de la pièce" type="date" required {...field('id_expiry_date')} />
      <Input label="Adresse" {...field('address')} />
      <Input label="Nom du contact d'urgence" required {...field('emergency_contact_name')} />
      <Input label="Téléphone du contact d'urgence" type="tel" required {...field('emergency_contact_phone')} />
      <Select label="Banque ou portefeuille" options={[{ value: '', label: 'Non renseigné' }, ...PAYOUT_ACCOUNTS.map((account) => ({ value: account, label: PAYOUT_ACCOUNT_LABELS[account] }))]} {...field('bank_name')} />
      <Input label="Numéro de compte ou de portefeuille" {...field('bank_account')} />
      <div className="admin-table__actions">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Enregistrement…' : 'Enregistrer le dossier'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
      </div>
    </form>
  );
}
