import { useEffect, useState, useSyncExternalStore } from 'react';
// The store alone, not the realtime feature's index: that would bring the socket client into the first screen.
import { useRealtimeStore } from '@/features/realtime/stores/realtime-store';

export const OFFLINE_MESSAGE = 'Hors ligne — les informations affichées datent de votre dernière connexion.';

/** A live connection still not up after this long counts as lost (not at each start or quick reconnect). */
export const SOCKET_GRACE_MS = 5000;

const subscribeToNetwork = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** The phone says it has no network, or the live connection to the server has been down for a few seconds. */
export function useOffline(): boolean {
  const networkDown = !useSyncExternalStore(subscribeToNetwork, () => navigator.onLine);
  const connected = useRealtimeStore((state) => state.connection === 'connected');
  const [socketLost, setSocketLost] = useState(false);
  useEffect(() => {
    setSocketLost(false);
    if (connected) return;
    const timer = setTimeout(() => setSocketLost(true), SOCKET_GRACE_MS);
    return () => clearTimeout(timer);
  }, [connected]);
  return networkDown || (socketLost && !connected);
}

/** Says plainly that the screens show what they last knew (the service worker's copies of the API's answers). */
export function OfflineBanner() {
  if (!useOffline()) return null;
  return (
    <p className="offline-banner" role="status">
      {OFFLINE_MESSAGE}
    </p>
  );
}
