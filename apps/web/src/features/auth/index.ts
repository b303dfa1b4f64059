/** What the rest of the app may use from the auth feature. */
export { ActivationPage } from './components/ActivationPage';
export { AuthPage } from './components/AuthPage';
export { useCurrentUser, useFreshCurrentUser } from './hooks/use-current-user';
export { logout, refreshAfterDelivery, refreshCurrentUser, restoreSession, startSession, useSessionStore } from './stores/session-store';
