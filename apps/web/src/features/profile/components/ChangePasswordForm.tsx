import { PASSWORD_MIN_LENGTH } from '@coursa/domain';
import { useState, type FormEvent } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { PasswordInput } from '@/components/ui/PasswordInput';
import { startSession } from '@/features/auth';
import { useSubmit } from '@/hooks/use-submit';
import { newPasswordProblem } from '@/lib/password';
import { changePassword } from '../api/change-password';

export function ChangePasswordForm({ onChanged }: { onChanged: () => void }) {
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const { pending, error, setError, run } = useSubmit('Erreur lors du changement');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = newPasswordProblem(newPassword, confirmation, 'change');
    if (problem) {
      setError(problem);
      return;
    }
    void run(async () => {
      startSession(await changePassword({ current_password: currentPassword, new_password: newPassword }));
      onChanged();
    });
  }

  return (
    <form className="form" onSubmit={submit}>
      {error && <Alert tone="error">{error}</Alert>}
      <PasswordInput
        label="Mot de passe actuel"
        autoComplete="current-password"
        required
        value={currentPassword}
        onChange={(event) => setCurrentPassword(event.target.value)}
      />
      <PasswordInput
        label="Nouveau mot de passe"
        hint={`Minimum ${PASSWORD_MIN_LENGTH} caractères`}
        autoComplete="new-password"
        required
        value={newPassword}
        onChange={(event) => setNewPassword(event.target.value)}
      />
      <PasswordInput
        label="Confirmer le nouveau mot de passe"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <Button type="submit" disabled={pending}>
        {pending ? 'Enregistrement…' : 'Enregistrer'}
      </Button>
    </form>
  );
}
