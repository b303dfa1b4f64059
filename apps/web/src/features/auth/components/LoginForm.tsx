import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { useSubmit } from '@/hooks/use-submit';
import { authApi } from '../api/auth-api';
import { AUTH_MESSAGES } from '../messages';
import { startSession } from '../stores/session-store';

interface LoginFormProps {
  initialPhone: string;
  onForgotPassword: () => void;
}

export function LoginForm({ initialPhone, onForgotPassword }: LoginFormProps) {
  const [phone, setPhone] = useState(initialPhone);
  const [password, setPassword] = useState('');
  const { pending, error, run } = useSubmit(AUTH_MESSAGES.genericError);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void run(async () => startSession(await authApi.login({ phone, password })));
  }

  return (
    <form className="form" onSubmit={submit}>
      {error && <Alert tone="error">{error}</Alert>}
      <PhoneInput label="Téléphone" required value={phone} onChange={(event) => setPhone(event.target.value)} />
      <PasswordInput
        label="Mot de passe"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Connexion…' : 'Se connecter'}
      </Button>
      <Button variant="link" onClick={onForgotPassword}>
        Mot de passe oublié ?
      </Button>
    </form>
  );
}
