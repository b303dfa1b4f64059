/** What the rest of the app may use from the auth feature. */
export { ActivationPage } from './components/ActivationPage';
export { AuthPage } from './components/AuthPage';
export { useCurrentUser, useFreshCurrentUser, useSignedInUser } from './hooks/use-current-user';
export {
  currentUserQuery,
  logout,
  refreshAfterDelivery,
  refreshCurrentUser,
  restoreSession,
  startSession,
  updateCurrentUser,
  useSession,
  type SessionStatus,
} from './stores/session-store';
