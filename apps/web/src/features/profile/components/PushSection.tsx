import { useQuery } from '@tanstack/react-query';
import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { errorMessage } from '@/lib/api-client';
import { useChange } from '@/lib/query-client';
import { devicePush, turnPushOff, turnPushOn } from '@/lib/push';

/** This device's push state: the browser's, read again after each change. */
const devicePushQuery = { queryKey: ['device-push'], queryFn: devicePush, staleTime: Infinity } as const;

/** « Notifications » of the profile: push on or off on this device; the browser asks its permission after the tap. */
export function PushSection() {
  const { data: state } = useQuery(devicePushQuery);
  const change = useChange((on: boolean) => (on ? turnPushOn() : turnPushOff()), () => [{ queryKey: devicePushQuery.queryKey }]);
  if (!state) return null;
  const on = state === 'on';
  return (
    <section className="card stack" aria-labelledby="push-title">
      <div className="card__header">
        <h2 className="card__title" id="push-title">
          Notifications
        </h2>
        {state !== 'unsupported' && state !== 'denied' && (
          <Button variant={on ? 'secondary' : 'primary'} aria-pressed={on} disabled={change.isPending} onClick={() => change.mutate(!on)}>
            {on ? 'Activées sur cet appareil — désactiver' : 'Activer sur cet appareil'}
          </Button>
        )}
      </div>
      <p className="muted">Recevez les nouvelles courses et chaque étape de vos livraisons, même application fermée.</p>
      {state === 'unsupported' && <Alert tone="info">Ce navigateur ne reçoit pas de notifications. Sur iPhone, ajoutez d'abord Coursa à l'écran d'accueil.</Alert>}
      {state === 'denied' && <Alert tone="info">Les notifications sont bloquées pour Coursa dans les réglages du navigateur.</Alert>}
      {change.error && <Alert tone="error">{errorMessage(change.error, "Les notifications n'ont pas pu être changées. Réessayez.")}</Alert>}
    </section>
  );
}
