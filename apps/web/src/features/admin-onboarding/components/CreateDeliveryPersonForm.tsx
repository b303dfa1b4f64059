import type { CreateDeliveryPersonRequest } from '@coursa/contracts';
import {
  accountTypeLabel,
  BLOOD_GROUPS,
  COURIER_ACCOUNT_ROLES,
  EMERGENCY_RELATIONSHIPS,
  ID_TYPES,
  KYC_MESSAGES,
  MAX_EXPERIENCE_YEARS,
  MIN_EXPERIENCE_YEARS,
  PASSWORD_MIN_LENGTH,
  VEHICLE_TYPES,
  type BloodGroup,
  type EmergencyRelationship,
  type IdType,
  type PayoutAccount,
  type VehicleType,
} from '@coursa/domain';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Field } from '@/components/ui/Field';
import { Input } from '@/components/ui/Input';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { PhotoField } from '@/components/ui/PhotoField';
import { Select } from '@/components/ui/Select';
import { ApiError } from '@/lib/api-client';
import { photoProblem } from '@/lib/photo-check';
import { createDeliveryPerson, uploadPhoto, type PhotoKind } from '../api/onboarding-api';
import { BANKS, ID_TYPE_LABELS, PAYOUT_ACCOUNT_LABELS, RELATIONSHIP_LABELS, VEHICLE_TYPE_LABELS, WALLETS } from './kyc-labels';

export const KYC_STEPS = [
  { id: 'basic', label: 'Informations de base' },
  { id: 'vehicle', label: 'Véhicule' },
  { id: 'identity', label: 'Identité' },
  { id: 'emergency', label: 'Urgence' },
  { id: 'additional', label: 'Complémentaire' },
] as const;
type StepId = (typeof KYC_STEPS)[number]['id'];

interface KycForm {
  full_name: string;
  phone: string;
  email: string;
  password: string;
  role: CreateDeliveryPersonRequest['role'];
  vehicle_type: VehicleType;
  license_number: string;
  vehicle_registration: string;
  vehicle_description: string;
  id_type: IdType;
  id_number: string;
  id_expiry_date: string;
  id_photo_url: string;
  personal_photo_url: string;
  blood_group: BloodGroup | '';
  emergency_contact_name: string;
  emergency_contact_phone: string;
  emergency_contact_relationship: EmergencyRelationship;
  address: string;
  experience_years: string;
  previous_employer: string;
  bank_account: string;
  bank_name: PayoutAccount | '';
}

const EMPTY_FORM: KycForm = {
  full_name: '',
  phone: '',
  email: '',
  password: '',
  role: 'independent_delivery',
  vehicle_type: 'moto',
  license_number: '',
  vehicle_registration: '',
  vehicle_description: '',
  id_type: 'carte_identite',
  id_number: '',
  id_expiry_date: '',
  id_photo_url: '',
  personal_photo_url: '',
  blood_group: '',
  emergency_contact_name: '',
  emergency_contact_phone: '',
  emergency_contact_relationship: 'parent',
  address: '',
  experience_years: '0',
  previous_employer: '',
  bank_account: '',
  bank_name: '',
};

/** Spec §5: the required fields, each with the tab that holds it. */
const REQUIRED: readonly { field: keyof KycForm; step: StepId; label: string }[] = [
  { field: 'full_name', step: 'basic', label: 'Nom complet' },
  { field: 'phone', step: 'basic', label: 'Téléphone' },
  { field: 'password', step: 'basic', label: 'Mot de passe' },
  { field: 'id_number', step: 'identity', label: "Numéro de la pièce d'identité" },
  { field: 'id_expiry_date', step: 'identity', label: "Date d'expiration" },
  { field: 'id_photo_url', step: 'identity', label: "Photo de la pièce d'identité" },
  { field: 'emergency_contact_name', step: 'emergency', label: 'Nom du contact d’urgence' },
  { field: 'emergency_contact_phone', step: 'emergency', label: 'Téléphone du contact d’urgence' },
];

const PHOTO_UPLOAD_ERRORS: Record<PhotoKind, string> = {
  'id-photo': "Erreur lors de l'upload de la photo",
  'personal-photo': "Erreur lors de l'upload de la photo personnelle",
};

const optional = (value: string) => value.trim() || null;

function toRequest(form: KycForm): CreateDeliveryPersonRequest {
  return {
    full_name: form.full_name.trim(),
    phone: form.phone.trim(),
    email: optional(form.email),
    password: form.password,
    role: form.role,
    vehicle_type: form.vehicle_type,
    license_number: optional(form.license_number),
    vehicle_registration: optional(form.vehicle_registration),
    vehicle_description: optional(form.vehicle_description),
    id_type: form.id_type,
    id_number: form.id_number.trim(),
    id_expiry_date: form.id_expiry_date,
    id_photo_url: form.id_photo_url,
    personal_photo_url: form.personal_photo_url || null,
    blood_group: form.blood_group || null,
    emergency_contact_name: form.emergency_contact_name.trim(),
    emergency_contact_phone: form.emergency_contact_phone.trim(),
    emergency_contact_relationship: form.emergency_contact_relationship,
    address: optional(form.address),
    experience_years: form.experience_years === '' ? null : Number(form.experience_years),
    previous_employer: optional(form.previous_employer),
    bank_account: optional(form.bank_account),
    bank_name: form.bank_name || null,
  };
}

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Spec §2 "Create delivery person": the five-tab KYC file, submitted from the last tab. */
export function CreateDeliveryPersonForm() {
  const [form, setForm] = useState<KycForm>(EMPTY_FORM);
  const [stepIndex, setStepIndex] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [uploading, setUploading] = useState<PhotoKind | null>(null);
  const [notice, setNotice] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const step = KYC_STEPS[stepIndex].id;
  const lastStep = stepIndex === KYC_STEPS.length - 1;

  const set = <K extends keyof KycForm>(field: K, value: KycForm[K]) => setForm((current) => ({ ...current, [field]: value }));
  const text = (field: keyof KycForm) => ({
    value: form[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      set(field, event.target.value as never),
  });

  async function pickPhoto(kind: PhotoKind, event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = photoProblem(file);
    if (problem) {
      setNotice({ tone: 'error', text: problem });
      return;
    }
    setNotice(null);
    setUploading(kind);
    try {
      const { photo_url } = await uploadPhoto(kind, file);
      set(kind === 'id-photo' ? 'id_photo_url' : 'personal_photo_url', photo_url);
    } catch {
      setNotice({ tone: 'error', text: PHOTO_UPLOAD_ERRORS[kind] });
    } finally {
      setUploading(null);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!lastStep) return;
    const missing = REQUIRED.find(({ field }) => !form[field].trim());
    if (missing) {
      setStepIndex(KYC_STEPS.findIndex(({ id }) => id === missing.step));
      setNotice({ tone: 'error', text: `Champ obligatoire : ${missing.label}` });
      return;
    }
    const years = Number(form.experience_years);
    if (form.experience_years !== '' && !(Number.isInteger(years) && years >= MIN_EXPERIENCE_YEARS && years <= MAX_EXPERIENCE_YEARS)) {
      setNotice({ tone: 'error', text: `Années d'expérience : entre ${MIN_EXPERIENCE_YEARS} et ${MAX_EXPERIENCE_YEARS}` });
      return;
    }
    setNotice(null);
    setSubmitting(true);
    try {
      const created = await createDeliveryPerson(toRequest(form));
      setNotice({ tone: 'success', text: created.message || KYC_MESSAGES.courierCreated });
      setForm(EMPTY_FORM);
      setStepIndex(0);
    } catch (error) {
      const reason = error instanceof ApiError ? error.detail || error.message : error instanceof Error ? error.message : '';
      setNotice({ tone: 'error', text: `❌ Erreur lors de la création: ${reason}` });
    } finally {
      setSubmitting(false);
    }
  }

  const blocked = submitting || !form.full_name.trim() || !form.phone.trim() || !form.password;

  return (
    <form className="form card kyc" onSubmit={(event) => void submit(event)} noValidate>
      <nav className="kyc__steps" aria-label="Étapes du dossier KYC">
        {KYC_STEPS.map((item, index) => (
          <button
            key={item.id}
            type="button"
            className="kyc__step"
            aria-current={index === stepIndex ? 'step' : undefined}
            onClick={() => setStepIndex(index)}
          >
            <span className="kyc__step-number">{index + 1}</span> {item.label}
          </button>
        ))}
      </nav>
      <h3 className="card__title">{KYC_STEPS[stepIndex].label}</h3>
      {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}

      {step === 'basic' && (
        <>
          <Input label="Nom complet *" autoComplete="off" {...text('full_name')} />
          <PhoneInput label="Téléphone *" autoComplete="off" {...text('phone')} />
          <Input
            label="Email (optionnel)"
            type="email"
            autoComplete="off"
            hint="Utilisé pour la récupération du mot de passe"
            {...text('email')}
          />
          <PasswordInput
            label="Mot de passe *"
            autoComplete="new-password"
            placeholder={`Minimum ${PASSWORD_MIN_LENGTH} caractères`}
            {...text('password')}
          />
          <Select
            label="Type de livreur *"
            options={COURIER_ACCOUNT_ROLES.map((role) => ({ value: role, label: accountTypeLabel(role) }))}
            {...text('role')}
          />
        </>
      )}

      {step === 'vehicle' && (
        <>
          <Select label="Type de véhicule" options={options(VEHICLE_TYPES, VEHICLE_TYPE_LABELS)} {...text('vehicle_type')} />
          <Input label="Numéro de permis" {...text('license_number')} />
          <Input label="Immatriculation du véhicule" {...text('vehicle_registration')} />
          <Field label="Description du véhicule">
            {(control) => <textarea className="input" rows={3} {...control} {...text('vehicle_description')} />}
          </Field>
        </>
      )}

      {step === 'identity' && (
        <>
          <Select label="Type de pièce d'identité *" options={options(ID_TYPES, ID_TYPE_LABELS)} {...text('id_type')} />
          <Input label="Numéro de la pièce *" {...text('id_number')} />
          <Input label="Date d'expiration *" type="date" {...text('id_expiry_date')} />
          <PhotoField
            label="Photo de la pièce d'identité *"
            uploaded={Boolean(form.id_photo_url)}
            uploading={uploading === 'id-photo'}
            onChange={(event) => void pickPhoto('id-photo', event)}
          />
          <PhotoField
            label="Photo personnelle"
            uploaded={Boolean(form.personal_photo_url)}
            uploading={uploading === 'personal-photo'}
            onChange={(event) => void pickPhoto('personal-photo', event)}
          />
          <Select
            label="Groupe sanguin"
            options={[{ value: '', label: 'Non renseigné' }, ...BLOOD_GROUPS.map((group) => ({ value: group, label: group }))]}
            {...text('blood_group')}
          />
        </>
      )}

      {step === 'emergency' && (
        <>
          <Input label="Nom du contact d'urgence *" {...text('emergency_contact_name')} />
          <PhoneInput label="Téléphone du contact d'urgence *" autoComplete="off" {...text('emergency_contact_phone')} />
          <Select
            label="Lien de parenté *"
            options={options(EMERGENCY_RELATIONSHIPS, RELATIONSHIP_LABELS)}
            {...text('emergency_contact_relationship')}
          />
        </>
      )}

      {step === 'additional' && (
        <>
          <Input label="Adresse" {...text('address')} />
          <Input
            label="Années d'expérience"
            type="number"
            inputMode="numeric"
            min={MIN_EXPERIENCE_YEARS}
            max={MAX_EXPERIENCE_YEARS}
            {...text('experience_years')}
          />
          <Input label="Employeur précédent" {...text('previous_employer')} />
          <Field label="Banque ou portefeuille mobile">
            {(control) => (
              <select className="input" {...control} {...text('bank_name')}>
                <option value="">Non renseigné</option>
                <optgroup label="Banques">
                  {BANKS.map((bank) => (
                    <option key={bank} value={bank}>
                      {PAYOUT_ACCOUNT_LABELS[bank]}
                    </option>
                  ))}
                </optgroup>
                <optgroup label="Mobile Money">
                  {WALLETS.map((wallet) => (
                    <option key={wallet} value={wallet}>
                      {PAYOUT_ACCOUNT_LABELS[wallet]}
                    </option>
                  ))}
                </optgroup>
              </select>
            )}
          </Field>
          <Input label="Numéro de compte ou de portefeuille" {...text('bank_account')} />
        </>
      )}

      <div className="button-row">
        {stepIndex > 0 && (
          <Button variant="secondary" onClick={() => setStepIndex(stepIndex - 1)}>
            Précédent
          </Button>
        )}
        {lastStep ? (
          // Distinct keys: reusing the Next button's element as the submit button would submit the form on that click.
          <Button key="submit" type="submit" disabled={blocked || uploading !== null}>
            {submitting ? 'Création…' : 'Créer le livreur'}
          </Button>
        ) : (
          <Button key="next" onClick={() => setStepIndex(stepIndex + 1)}>
            Suivant
          </Button>
        )}
      </div>
    </form>
  );
}
