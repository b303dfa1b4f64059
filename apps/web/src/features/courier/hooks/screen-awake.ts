import { ACTIVE_STATUSES } from '@coursa/domain';
import { QueryObserver } from '@tanstack/react-query';
import { create } from 'zustand';
import { onPageVisible } from '@/lib/page-visibility';
import { queryClient } from '@/lib/query-client';
import { courierQueries } from '../api/courier-api';

/** Where the courier's choice is kept on the phone: on unless they turned it off. */
const PREFERENCE_KEY = 'coursa:screen-awake';

interface ScreenAwakeState {
  /** The courier's choice (the toggle on the navigation screen). */
  enabled: boolean;
  /** Whether the screen is kept awake right now. */
  held: boolean;
  /** Whether this browser can keep the screen awake at all (Screen Wake Lock). */
  supported: boolean;
}

function storedPreference(): boolean {
  try {
    return localStorage.getItem(PREFERENCE_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const useScreenAwake = create<ScreenAwakeState>(() => ({
  enabled: storedPreference(),
  held: false,
  supported: typeof navigator !== 'undefined' && 'wakeLock' in navigator,
}));

/** The toggle: kept on the phone, and applied at once by the keeper. */
export function setScreenAwakeEnabled(enabled: boolean) {
  try {
    localStorage.setItem(PREFERENCE_KEY, enabled ? 'on' : 'off');
  } catch {
    // Private mode: the choice lasts as long as the page.
  }
  useScreenAwake.setState({ enabled });
}

type Sentinel = Pick<WakeLockSentinel, 'release' | 'addEventListener'>;
export interface ScreenKeeperDeps {
  wakeLock: { request(type: 'screen'): Promise<Sentinel> } | undefined;
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  onHeld(held: boolean): void;
}

/**
 * Holds the Screen Wake Lock while `want(true)` and the page is visible (issue 37). The browser releases it whenever the
 * page is hidden; it is taken again when the page comes back. A refused request (battery saver) leaves it off.
 */
export function createScreenKeeper({ wakeLock, doc, onHeld }: ScreenKeeperDeps) {
  let wanted = false;
  let sentinel: Sentinel | null = null;
  let requesting = false;

  async function take() {
    if (!wakeLock || !wanted || sentinel || requesting || doc.visibilityState !== 'visible') return;
    requesting = true;
    try {
      const taken = await wakeLock.request('screen');
      if (!wanted) {
        await taken.release();
        return;
      }
      sentinel = taken;
      taken.addEventListener('release', () => {
        if (sentinel !== taken) return;
        sentinel = null;
        onHeld(false);
      });
      onHeld(true);
    } catch {
      onHeld(false);
    } finally {
      requesting = false;
    }
  }

  function release() {
    const held = sentinel;
    sentinel = null;
    if (held) {
      onHeld(false);
      void held.release().catch(() => undefined);
    }
  }

  const stopVisible = onPageVisible(() => void take(), doc);
  return {
    want(next: boolean) {
      wanted = next;
      if (next) void take();
      else release();
    },
    stop() {
      wanted = false;
      stopVisible();
      release();
    },
  };
}

/**
 * For a signed-in courier: keeps the screen awake while a course is under way and the toggle is on (a phone in a holder
 * must not sleep and suspend the page, which would stop the positions). Returns the function that stops it.
 */
export function startScreenAwake(): () => void {
  const keeper = createScreenKeeper({
    wakeLock: typeof navigator !== 'undefined' ? navigator.wakeLock : undefined,
    doc: document,
    onHeld: (held) => useScreenAwake.setState({ held }),
  });
  const active = new QueryObserver(queryClient, courierQueries.activeDeliveries());
  const update = () =>
    keeper.want(useScreenAwake.getState().enabled && (active.getCurrentResult().data ?? []).some((delivery) => ACTIVE_STATUSES.includes(delivery.status)));
  update();
  const stopCourses = active.subscribe(update);
  const stopToggle = useScreenAwake.subscribe((state, previous) => state.enabled !== previous.enabled && update());
  return () => {
    stopCourses();
    stopToggle();
    keeper.stop();
  };
}
