import type { RecoveryMethod } from '@coursa/contracts';
import {
  isCompleteCode,
  keepCodeDigits,
  looksLikeEmail,
  looksLikePhone,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
} from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { DELAYS_MS } from '@/config';
import { useSubmit } from '@/hooks/use-submit';
import { useTimeout } from '@/hooks/use-timeout';
import { newPasswordProblem } from '@/lib/password';
import { authApi } from '../api/auth-api';
import { AUTH_MESSAGES } from '../messages';

const METHODS = [
  { value: 'sms', label: 'Par SMS' },
  { value: 'email', label: 'Par email' },
] as const;

interface ForgotPasswordProps {
  /** Back to login; the phone to prefill when the code went by SMS. */
  onDone: (smsPhone: string | null) => void;
  onCancel: () => void;
}

/** Password recovery: step 1 sends a code to a phone or an email, step 2 sets the new password. */
export function ForgotPassword({ onDone, onCancel }: ForgotPasswordProps) {
  const [method, setMethod] = useState<RecoveryMethod>('sms');
  const [contact, setContact] = useState('');
  const [codeSent, setCodeSent] = useState(false);

  return (
    <div className="form">
      <h2 className="auth__title">Mot de passe oublié</h2>
      {codeSent ? (
        <ResetPasswordStep
          method={method}
          contact={contact}
          onDone={() => onDone(method === 'sms' ? contact.trim() : null)}
          onResend={() => setCodeSent(false)}
        />
      ) : (
        <SendCodeStep
          method={method}
          contact={contact}
          onMethodChange={(next) => {
            setMethod(next);
            setContact('');
          }}
          onContactChange={setContact}
          onSent={() => setCodeSent(true)}
        />
      )}
      <Button variant="link" onClick={onCancel}>
        Retour à la connexion
      </Button>
    </div>
  );
}

interface SendCodeStepProps {
  method: RecoveryMethod;
  contact: string;
  onMethodChange: (method: RecoveryMethod) => void;
  onContactChange: (contact: string) => void;
  onSent: () => void;
}

function SendCodeStep({ method, contact, onMethodChange, onContactChange, onSent }: SendCodeStepProps) {
  const { pending, error, setError, run } = useSubmit(AUTH_MESSAGES.recoveryRequestFailed);
  const byEmail = method === 'email';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const value = contact.trim();
    if (byEmail ? !looksLikeEmail(value) : !looksLikePhone(value)) {
      setError(byEmail ? MESSAGES.invalidEmailFormat : MESSAGES.invalidPhoneNumber);
      return;
    }
    void run(async () => {
      await authApi.forgotPassword({ contact: value, method });
      onSent();
    });
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="form__intro">Recevez un code à 6 chiffres pour choisir un nouveau mot de passe.</p>
      <SegmentedControl label="Recevoir le code" options={METHODS} value={method} onChange={onMethodChange} />
      {error && <Alert tone="error">{error}</Alert>}
      {byEmail ? (
        <Input
          label="Adresse email"
          type="email"
          autoComplete="email"
          value={contact}
          onChange={(event) => onContactChange(event.target.value)}
        />
      ) : (
        <PhoneInput
          label="Numéro de téléphone"
          value={contact}
          onChange={(event) => onContactChange(event.target.value)}
        />
      )}
      <Button type="submit" disabled={pending}>
        {pending ? 'Envoi…' : 'Envoyer le code'}
      </Button>
    </form>
  );
}

interface ResetPasswordStepProps {
  method: RecoveryMethod;
  contact: string;
  onDone: () => void;
  onResend: () => void;
}

function ResetPasswordStep({ method, contact, onDone, onResend }: ResetPasswordStepProps) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [succeeded, setSucceeded] = useState(false);
  const { pending, error, setError, run } = useSubmit(AUTH_MESSAGES.resetFailed);
  useTimeout(onDone, succeeded ? DELAYS_MS.recoveryRedirect : null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(password, confirmation, 'recovery');
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      await authApi.resetPassword({ contact: contact.trim(), method, reset_code: code, new_password: password });
      setSucceeded(true);
    });
  }

  if (succeeded) return <Alert tone="success">{AUTH_MESSAGES.resetSucceeded}</Alert>;

  return (
    <form className="form" onSubmit={submit} noValidate>
      <Alert tone="info">{method === 'sms' ? AUTH_MESSAGES.codeSentBySms : AUTH_MESSAGES.codeSentByEmail}</Alert>
      {error && <Alert tone="error">{error}</Alert>}
      <Input
        label="Code reçu"
        inputMode="numeric"
        autoComplete="one-time-code"
        placeholder="000000"
        className="input--code"
        value={code}
        onChange={(event) => setCode(keepCodeDigits(event.target.value))}
      />
      <PasswordInput
        label="Nouveau mot de passe"
        hint={`Minimum ${PASSWORD_MIN_LENGTH} caractères`}
        autoComplete="new-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordInput
        label="Confirmer le mot de passe"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button type="submit" disabled={pending || !isCompleteCode(code)}>
        {pending ? 'Réinitialisation…' : 'Réinitialiser le mot de passe'}
      </Button>
      <Button variant="secondary" onClick={onResend}>
        Renvoyer un code
      </Button>
    </form>
  );
}
