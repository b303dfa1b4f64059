import { MESSAGES, PASSWORD_MIN_LENGTH } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { Select } from '@/components/ui/Select';
import { useSubmit } from '@/hooks/use-submit';
import { authApi } from '../api/auth-api';
import { AUTH_MESSAGES } from '../messages';

/** Only clients register themselves; courier and staff accounts are created by administration (spec §1). */
const ACCOUNT_TYPES = [{ value: 'client', label: 'Client' }] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (phone: string) => void }) {
  const [fullName, setFullName] = useState('');
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [referralCode, setReferralCode] = useState('');
  const [acceptedTerms, setAcceptedTerms] = useState(false);
  const { pending, error, setError, run } = useSubmit(AUTH_MESSAGES.genericError);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!acceptedTerms) {
      setError(MESSAGES.termsRequired);
      return;
    }
    void run(async () => {
      await authApi.register({
        phone,
        password,
        full_name: fullName.trim(),
        email: email.trim() || null,
        role: 'client',
        referral_code: referralCode.trim() || null,
        accepted_terms: true,
        terms_accepted_at: new Date().toISOString(),
      });
      // Every self-registered account waits for activation (RegisterResponse.requires_activation).
      onRegistered(phone);
    });
  }

  return (
    <form className="form" onSubmit={submit}>
      {error && <Alert tone="error">{error}</Alert>}
      <Input
        label="Nom complet"
        autoComplete="name"
        required
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
      />
      <PhoneInput label="Téléphone" required value={phone} onChange={(event) => setPhone(event.target.value)} />
      <Input
        label="Email (facultatif)"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <PasswordInput
        label="Mot de passe"
        hint={`Minimum ${PASSWORD_MIN_LENGTH} caractères`}
        autoComplete="new-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Select label="Type de compte" options={ACCOUNT_TYPES} defaultValue="client" />
      <Input
        label="Code de parrainage (facultatif)"
        autoCapitalize="characters"
        value={referralCode}
        onChange={(event) => setReferralCode(event.target.value)}
      />
      <label className="checkbox">
        <input type="checkbox" checked={acceptedTerms} onChange={(event) => setAcceptedTerms(event.target.checked)} />
        <span>
          J'accepte les{' '}
          <Link to="/cgu" target="_blank">
            Conditions d'Utilisation
          </Link>{' '}
          et la{' '}
          <Link to="/politique-confidentialite" target="_blank">
            Politique de Confidentialité
          </Link>
        </span>
      </label>
      <Button type="submit" disabled={pending}>
        {pending ? 'Création du compte…' : 'Créer mon compte'}
      </Button>
    </form>
  );
}
