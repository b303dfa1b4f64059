import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { Loader } from '@/components/ui/Loader';
import { DELAYS_MS } from '@/config';
import { useTimeout } from '@/hooks/use-timeout';
import { errorMessage } from '@/lib/api-client';
import { authApi } from '../api/auth-api';
import { AUTH_MESSAGES } from '../messages';
import { AuthLayout } from './AuthLayout';

type Activation =
  | { state: 'loading' }
  | { state: 'success'; message: string }
  | { state: 'error'; message: string };

/** Target of the activation link sent by SMS/email: `/activation?token=…`. */
export function ActivationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const navigate = useNavigate();
  const [activation, setActivation] = useState<Activation>(
    token ? { state: 'loading' } : { state: 'error', message: AUTH_MESSAGES.activationTokenMissing },
  );
  // A token works once: React's development double effect must not send it twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    authApi.activate({ token }).then(
      (answer) => setActivation({ state: 'success', message: answer.message }),
      (error: unknown) =>
        setActivation({ state: 'error', message: errorMessage(error, AUTH_MESSAGES.activationFailed) }),
    );
  }, [token]);

  useTimeout(
    () => navigate('/auth', { replace: true }),
    activation.state === 'success' ? DELAYS_MS.activationRedirect : null,
  );

  return (
    <AuthLayout>
      <div className="form">
        <h2 className="auth__title">Activation du compte</h2>
        {activation.state === 'loading' && <Loader label="Activation de votre compte…" />}
        {activation.state === 'success' && (
          <>
            <Alert tone="success">{activation.message}</Alert>
            <p className="muted">Redirection vers la connexion…</p>
          </>
        )}
        {activation.state === 'error' && (
          <>
            <Alert tone="error">{activation.message}</Alert>
            <ul className="hints">
              <li>Vérifiez que le lien est complet</li>
              <li>Le lien expire après 24 heures</li>
              <li>Créez un nouveau compte si nécessaire</li>
            </ul>
          </>
        )}
        {activation.state !== 'loading' && (
          <Link className="button button--secondary" to="/auth" replace>
            Aller à la connexion
          </Link>
        )}
      </div>
    </AuthLayout>
  );
}
