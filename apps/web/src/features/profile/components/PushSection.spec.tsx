/** @jest-environment jsdom */
import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery } from '@/test/render-with-query';
import { PushSection } from './PushSection';

/** A browser with the Push API, whose permission prompt is answered `answer`. */
function pushCapableBrowser(answer: NotificationPermission) {
  const requestPermission = jest.fn(async () => answer);
  Object.assign(window, { PushManager: class {}, Notification: { permission: 'default', requestPermission } });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { getRegistration: async () => undefined } });
  return requestPermission;
}

describe('the profile’s notifications', () => {
  afterEach(() => {
    cleanup();
    delete (window as Partial<typeof window> & { PushManager?: unknown }).PushManager;
    delete (navigator as Partial<Navigator> & { serviceWorker?: unknown }).serviceWorker;
  });

  it('asks the browser’s permission on the tap only, never when the screen opens', async () => {
    const requestPermission = pushCapableBrowser('default');
    renderWithQuery(<PushSection />);
    const toggle = await screen.findByRole('button', { name: 'Activer sur cet appareil' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(toggle);
    await screen.findByRole('button', { name: 'Activer sur cet appareil' });
    expect(requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser cannot receive notifications', async () => {
    renderWithQuery(<PushSection />);
    expect(await screen.findByText("Ce navigateur ne reçoit pas de notifications. Sur iPhone, ajoutez d'abord Coursa à l'écran d'accueil.")).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
