import { useState } from 'react';
import { Link, Navigate } from 'react-router';
import { Alert } from '@/components/ui/Alert';
import { SegmentedControl } from '@/components/ui/SegmentedControl';
import { AUTH_MESSAGES } from '../messages';
import { useSession } from '../stores/session-store';
import { AuthLayout } from './AuthLayout';
import { ForgotPassword } from './ForgotPassword';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

type Mode = 'login' | 'register' | 'forgot-password';

const MODES = [
  { value: 'login', label: 'Connexion' },
  { value: 'register', label: 'Inscription' },
] as const;

export function AuthPage() {
  const signedIn = useSession().status === 'signed-in';
  const [mode, setMode] = useState<Mode>('login');
  const [notice, setNotice] = useState<string | null>(null);
  const [phone, setPhone] = useState('');

  // Signing in (login form) lands here too: the signed-in area is at /.
  if (signedIn) return <Navigate to="/" replace />;

  function showLogin(prefilledPhone: string, message: string | null = null) {
    setPhone(prefilledPhone);
    setNotice(message);
    setMode('login');
  }

  function switchMode(next: Mode) {
    setNotice(null);
    setMode(next);
  }

  return (
    <AuthLayout footer={<LegalLinks />}>
      {mode === 'forgot-password' ? (
        <ForgotPassword onDone={(smsPhone) => showLogin(smsPhone ?? phone)} onCancel={() => switchMode('login')} />
      ) : (
        <>
          <SegmentedControl label="Connexion ou inscription" options={MODES} value={mode} onChange={switchMode} />
          {notice && <Alert tone="success">{notice}</Alert>}
          {mode === 'login' ? (
            <LoginForm initialPhone={phone} onForgotPassword={() => switchMode('forgot-password')} />
          ) : (
            <RegisterForm onRegistered={(registeredPhone) => showLogin(registeredPhone, AUTH_MESSAGES.registered)} />
          )}
        </>
      )}
    </AuthLayout>
  );
}

function LegalLinks() {
  return (
    <footer className="auth__footer">
      <Link to="/cgu">Conditions d'utilisation</Link>
      <span aria-hidden="true">·</span>
      <Link to="/politique-confidentialite">Confidentialité</Link>
    </footer>
  );
}
