/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, render, screen } from '@testing-library/react';
import { realtimeActions } from '@/features/realtime/stores/realtime-store';
import { OFFLINE_MESSAGE, OfflineBanner, SOCKET_GRACE_MS } from './OfflineBanner';

let onLine = true;

function setNetwork(up: boolean) {
  onLine = up;
  act(() => {
    window.dispatchEvent(new Event(up ? 'online' : 'offline'));
  });
}

const banner = () => screen.queryByText(OFFLINE_MESSAGE);

describe('OfflineBanner', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    onLine = true;
    jest.spyOn(window.navigator, 'onLine', 'get').mockImplementation(() => onLine);
    realtimeActions.setConnection('connected');
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
    jest.restoreAllMocks();
    realtimeActions.reset();
  });

  it('says « Hors ligne » as soon as the phone loses the network, and goes when it is back', () => {
    render(<OfflineBanner />);
    expect(banner()).toBeNull();

    setNetwork(false);
    expect(banner()).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe(OFFLINE_MESSAGE);

    setNetwork(true);
    expect(banner()).toBeNull();
  });

  it('shows when the live connection stays down past the grace delay, not during a quick reconnect', () => {
    render(<OfflineBanner />);
    act(() => realtimeActions.setConnection('connecting'));
    act(() => jest.advanceTimersByTime(SOCKET_GRACE_MS - 100));
    expect(banner()).toBeNull();
    act(() => realtimeActions.setConnection('connected'));
    act(() => jest.advanceTimersByTime(SOCKET_GRACE_MS));
    expect(banner()).toBeNull();

    act(() => realtimeActions.setConnection('disconnected'));
    act(() => jest.advanceTimersByTime(SOCKET_GRACE_MS));
    expect(banner()).not.toBeNull();

    act(() => realtimeActions.setConnection('connected'));
    expect(banner()).toBeNull();
  });

  it('starts offline when the app opens without network', () => {
    onLine = false;
    render(<OfflineBanner />);
    expect(banner()).not.toBeNull();
  });
});
