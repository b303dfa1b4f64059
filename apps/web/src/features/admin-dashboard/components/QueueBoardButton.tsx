import { Alert } from '@/components/ui/Alert';
import { Button } from '@/components/ui/Button';
import { useCurrentUser } from '@/features/auth';
import { useSubmit } from '@/hooks/use-submit';
import { adminDashboardApi } from '../api/admin-dashboard-api';

export const QUEUE_BOARD_FAILED = "Impossible d'ouvrir les files de traitement";

/** The tab the board opens in: pointed at the board once its cookie is set, closed when that fails. */
export interface BoardTab {
  go: (url: string) => void;
  close: () => void;
}

/**
 * A tab opened after an await is blocked as a pop-up: the tab opens blank during the click, cut from this page (no
 * `opener`, as rel=noopener would), and goes to the board when its cookie is set. A browser that refuses even that
 * tab gets the board in a new window opened with noopener.
 */
export function openBesideApp(): BoardTab {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => (tab ? tab.location.replace(url) : window.open(url, '_blank', 'noopener')),
    close: () => tab?.close(),
  };
}

/**
 * « Files de traitement »: the queue board (Bull Board) of admins and super administrators, beside the app (issue 38):
 * the app stays open in its own tab. A page cannot send the bearer header, so the app first asks for the board's
 * cookie (httpOnly, scoped to the board's path, as short-lived as the access token), then the new tab goes there.
 */
export function QueueBoardButton({ open = openBesideApp }: { open?: () => BoardTab }) {
  const { role } = useCurrentUser();
  const mayOpen = role === 'admin' || role === 'super_admin';
  const { pending, error, run } = useSubmit(QUEUE_BOARD_FAILED);
  if (!mayOpen) return null;

  function start() {
    const tab = open();
    void run(async () => {
      try {
        tab.go((await adminDashboardApi.queueBoardSession()).url);
      } catch (failure) {
        tab.close();
        throw failure;
      }
    });
  }

  return (
    <>
      <Button variant="secondary" disabled={pending} onClick={start} title="S'ouvre dans un nouvel onglet">
        Files de traitement
      </Button>
      {error && <Alert tone="error">{error}</Alert>}
    </>
  );
}
