import { useState } from 'react';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { DELAYS_MS } from '@/config';
import { useTimeout } from '@/hooks/use-timeout';
import { ChangePasswordForm } from './ChangePasswordForm';

export function SecuritySection() {
  const [formOpen, setFormOpen] = useState(false);
  const [changed, setChanged] = useState(false);
  useTimeout(() => setChanged(false), changed ? DELAYS_MS.passwordChangedNotice : null);

  return (
    <section className="card stack" aria-labelledby="security-title">
      <div className="card__header">
        <h2 className="card__title" id="security-title">
          Sécurité
        </h2>
        <Button variant="secondary" aria-expanded={formOpen} onClick={() => setFormOpen(!formOpen)}>
          {formOpen ? 'Annuler' : 'Changer le mot de passe'}
        </Button>
      </div>
      {changed && <Alert tone="success">✅ Mot de passe modifié avec succès !</Alert>}
      {formOpen && (
        // Closing the form unmounts it, which also resets its fields.
        <ChangePasswordForm
          onChanged={() => {
            setFormOpen(false);
            setChanged(true);
          }}
        />
      )}
    </section>
  );
}
