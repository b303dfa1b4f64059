import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCurrentUser } from '@/features/auth';
import { useSubmit } from '@/hooks/use-submit';
import { adminDashboardApi } from '../api/admin-dashboard-api';

export const QUEUE_BOARD_FAILED = "Impossible d'ouvrir les files de traitement";

/**
 * « Files de traitement »: the queue board (Bull Board) of admins and super administrators. A page cannot send the
 * bearer header, so the app first asks for the board's cookie, then goes there (back returns to the dashboard).
 */
export function QueueBoardButton({ go = (url: string) => window.location.assign(url) }: { go?: (url: string) => void }) {
  const { role } = useCurrentUser();
  const mayOpen = role === 'admin' || role === 'super_admin';
  const { pending, error, run } = useSubmit(QUEUE_BOARD_FAILED);
  if (!mayOpen) return null;
  return (
    <>
      <Button variant="secondary" disabled={pending} onClick={() => void run(async () => go((await adminDashboardApi.queueBoardSession()).url))}>
        Files de traitement
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}
