import { PASSWORD_MIN_LENGTH } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { Input } from '@/components/ui/Input';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { PhoneInput } from '@/components/ui/PhoneInput';
import { useSubmit } from '@/hooks/use-submit';
import { superAdminApi } from '../api/super-admin-api';

const EMPTY = { full_name: '', phone: '', email: '', password: '' };

/** Spec §2 "Create admin account": full_name, phone and password required, email optional. */
export function CreateAdminForm() {
  const [form, setForm] = useState(EMPTY);
  const [created, setCreated] = useState<string | null>(null);
  const { pending, error, run } = useSubmit('Erreur lors de la création');
  const field = (name: keyof typeof EMPTY) => ({
    value: form[name],
    onChange: (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value })),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setCreated(null);
    void run(async () => {
      const answer = await superAdminApi.createAdmin({
        full_name: form.full_name.trim(),
        phone: form.phone.trim(),
        email: form.email.trim() || null,
        password: form.password,
      });
      setCreated(answer.message);
      setForm(EMPTY);
    });
  }

  const incomplete = !form.full_name.trim() || !form.phone.trim() || !form.password;
  return (
    <form className="form card" onSubmit={submit}>
      <h3 className="card__title">Créer un compte administrateur</h3>
      {error && <Alert tone="error">{error}</Alert>}
      {created && <Alert tone="success">{created}</Alert>}
      <Input label="Nom complet *" required autoComplete="off" {...field('full_name')} />
      <PhoneInput label="Téléphone *" required autoComplete="off" {...field('phone')} />
      <Input label="Email (optionnel)" type="email" autoComplete="off" {...field('email')} />
      <PasswordInput
        label="Mot de passe *"
        required
        autoComplete="new-password"
        placeholder={`Minimum ${PASSWORD_MIN_LENGTH} caractères`}
        {...field('password')}
      />
      <Button type="submit" disabled={pending || incomplete}>
        {pending ? 'Création…' : "Créer l'administrateur"}
      </Button>
    </form>
  );
}
