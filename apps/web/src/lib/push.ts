import type { SubscribePushRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

/** The id the server gave this device's subscription: what turning push off (or signing out) removes. */
const STORED_ID = 'coursa.push-subscription';

/** Where push stands on this device: not possible here, refused by the user in the browser, off, or on. */
export type DevicePush = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

async function browserSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

export async function devicePush(): Promise<DevicePush> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return localStorage.getItem(STORED_ID) && (await browserSubscription()) ? 'on' : 'off';
}

/**
 * Asks the browser's permission (only ever called from the user's tap: a prompt at load is refused by browsers and
 * users alike), subscribes with the server's VAPID key and gives the subscription to the server.
 */
export async function turnPushOn(): Promise<DevicePush> {
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'denied' : 'off';
  const { public_key } = await apiClient.call('GET /api/push/public-key');
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: public_key });
  const saved = await apiClient.call('POST /api/push/subscriptions', { body: subscription.toJSON() as SubscribePushRequest });
  localStorage.setItem(STORED_ID, saved.id);
  return 'on';
}

/** Removes the subscription from the server (while signed in) and from the browser. Never fails: signing out calls it. */
export async function turnPushOff(): Promise<DevicePush> {
  const id = localStorage.getItem(STORED_ID);
  localStorage.removeItem(STORED_ID);
  if (id) await apiClient.call('DELETE /api/push/subscriptions/:id', { params: { id } }).catch(() => undefined);
  if (pushSupported()) await (await browserSubscription())?.unsubscribe().catch(() => false);
  return pushSupported() ? 'off' : 'unsupported';
}
