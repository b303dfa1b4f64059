import type { CourseStatus } from '@coursa/domain';
import { create } from 'zustand';
import { ApiError } from '@/lib/api-client';
import { onPageVisible } from '@/lib/page-visibility';
import { onConnectionState } from '@/lib/socket';
import { courierApi } from '../api/courier-api';
import { CourierOutbox, type OfflineAction, type QueuedAction, type SentAction } from './courier-outbox';

/** How often a phone with actions waiting tries again, besides the browser's `online` event and the socket's return. */
export const RETRY_MS = 15_000;
/** The server's answers kept for the screens (the latest per course is what they show). */
const ANSWERS_KEPT = 20;

interface CourierSyncState {
  /** The actions kept on the phone, oldest first: shown « En attente de réseau ». */
  pending: QueuedAction[];
  /** The server's answers to the actions sent, oldest first. */
  answers: SentAction[];
}

/** What the courier's screens read: what waits for the network, and what the server answered. */
export const useCourierSync = create<CourierSyncState>(() => ({ pending: [], answers: [] }));

/**
 * Whether the server answered — a refusal too: the action is done with and its answer shown — or not: no network, a
 * proxy's 502/503/504, an unexpected 500, a rate limit or a session to renew; the action is then kept and tried again
 * later under the same Idempotency-Key, so a request the server did apply is answered as done, not made twice.
 */
export function wasAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500 && error.status !== 401 && error.status !== 408 && error.status !== 429;
}

let outbox = new CourierOutbox();
let flushing: Promise<void> | null = null;
let again = false;

async function showPending() {
  useCourierSync.setState({ pending: await outbox.pending() });
}

/** Sends what waits, in order; one run at a time (an action kept meanwhile is sent by the run under way). */
export function flushCourierActions(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      const sent = await outbox.flush((queued) => courierApi.sendQueued(queued), wasAnswered);
      if (sent.length) useCourierSync.setState((state) => ({ answers: [...state.answers, ...sent].slice(-ANSWERS_KEPT) }));
      await showPending();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Every courier action that changes a course goes through here, online or not: kept on the phone with its own key and
 * the time it was made, then sent at once. Resolves with the server's answer when it gave one now, or null while the
 * action waits for the network.
 */
export async function runCourierAction(action: OfflineAction): Promise<SentAction | null> {
  const queued = await outbox.add(action);
  await showPending();
  await flushCourierActions();
  return useCourierSync.getState().answers.find((answer) => answer.queued.key === queued.key) ?? null;
}

/**
 * For a signed-in courier: sends what an earlier session kept, then again whenever the network may be back or the
 * page comes back to the foreground (issue 37: a suspended page's timers did not run).
 */
export function startCourierSync(): () => void {
  const flush = () => void flushCourierActions().catch((error: unknown) => console.error(error));
  void showPending().then(flush);
  window.addEventListener('online', flush);
  const stopVisible = onPageVisible(flush);
  const stopSocket = onConnectionState((state) => state === 'connected' && flush());
  const timer = setInterval(() => {
    if (useCourierSync.getState().pending.length) flush();
  }, RETRY_MS);
  return () => {
    window.removeEventListener('online', flush);
    stopVisible();
    stopSocket();
    clearInterval(timer);
  };
}

/** The status the courier last gave a course: a step still waiting for the network, else the server's. */
export function shownStatus(courseId: string, serverStatus: CourseStatus, pending: QueuedAction[]): CourseStatus {
  const steps = pending.filter(({ action }) => action.courseId === courseId && action.kind === 'update-status');
  const last = steps.at(-1)?.action;
  return last?.kind === 'update-status' ? last.status : serverStatus;
}

/** The latest answer about one course's action of one kind, if any. */
export function latestAnswer(answers: SentAction[], courseId: string, kind: OfflineAction['kind']): SentAction | undefined {
  // Not findLast: older phones' browsers lack it.
  return [...answers].reverse().find(({ queued }) => queued.action.courseId === courseId && queued.action.kind === kind);
}

/** Tests only: a fresh outbox (another IndexedDB name) and empty state. */
export function resetCourierSyncForTests(next = new CourierOutbox(`coursa-courier-test-${Math.random()}`)) {
  outbox = next;
  flushing = null;
  again = false;
  useCourierSync.setState({ pending: [], answers: [] });
}
