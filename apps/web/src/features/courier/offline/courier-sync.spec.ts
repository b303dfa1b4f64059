/** @jest-environment jsdom */
import 'fake-indexeddb/auto';
import { answer } from '@/test/fetch-answer';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ApiError } from '@/lib/api-client';
import type { QueuedAction } from './courier-outbox';
import { flushCourierActions, latestAnswer, resetCourierSyncForTests, runCourierAction, shownStatus, startCourierSync, useCourierSync, wasAnswered } from './courier-sync';

const offline = () => Promise.reject(new TypeError('Failed to fetch'));
const sentPaths = (fetchMock: jest.Mock<typeof fetch>) => fetchMock.mock.calls.map(([url]) => String(url).split('?')[0]);

describe('the courier sync', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    resetCourierSyncForTests();
  });

  it('sends an action at once when the network is there, and gives its answer', async () => {
    fetchMock.mockReturnValue(answer(200, { message: 'ok' }));
    const sent = await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'en_route_pickup' });
    expect(sent).toMatchObject({ ok: true, queued: { action: { status: 'en_route_pickup' } } });
    expect(useCourierSync.getState().pending).toEqual([]);
  });

  it('keeps actions made offline, in order, and sends them in that order when the network returns', async () => {
    fetchMock.mockImplementation(offline);
    expect(await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'en_route_pickup' })).toBeNull();
    expect(await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'collected' })).toBeNull();
    expect(await runCourierAction({ kind: 'verify-otp', courseId: 'c1', otp: '123456' })).toBeNull();
    expect(useCourierSync.getState().pending.map(({ action }) => action.kind)).toEqual(['update-status', 'update-status', 'verify-otp']);

    fetchMock.mockClear();
    fetchMock.mockImplementation(() => answer(200, { message: 'ok' }));
    await flushCourierActions();
    expect(sentPaths(fetchMock)).toEqual([
      '/api/delivery/course/c1/update-status',
      '/api/delivery/course/c1/update-status',
      '/api/delivery/course/c1/verify-otp',
    ]);
    expect(useCourierSync.getState().pending).toEqual([]);
    expect(useCourierSync.getState().answers.map(({ ok }) => ok)).toEqual([true, true, true]);
  });

  it('sends what waits as soon as the page comes back to the foreground (issue 37), not when merely hidden', async () => {
    fetchMock.mockImplementation(offline);
    expect(await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'collected' })).toBeNull();
    fetchMock.mockClear();
    fetchMock.mockImplementation(() => answer(200, { message: 'ok' }));
    const stop = startCourierSync();
    await flushCourierActions();
    expect(useCourierSync.getState().pending).toEqual([]);

    fetchMock.mockClear();
    fetchMock.mockImplementation(offline);
    await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'en_route_delivery' });
    fetchMock.mockClear();
    fetchMock.mockImplementation(() => answer(200, { message: 'ok' }));
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    };
    const settled = async (done: () => boolean) => {
      for (let turn = 0; turn < 200 && !done(); turn++) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    setVisibility('hidden');
    await settled(() => fetchMock.mock.calls.length > 0);
    expect(fetchMock).not.toHaveBeenCalled();
    setVisibility('visible');
    await settled(() => useCourierSync.getState().pending.length === 0);
    expect(sentPaths(fetchMock)).toEqual(['/api/delivery/course/c1/update-status']);
    expect(useCourierSync.getState().pending).toEqual([]);
    stop();
  });

  it('a refusal is an answer (kept for the screen); a 503 or a rate limit is not, and the action stays', async () => {
    fetchMock.mockReturnValueOnce(answer(503, {}));
    expect(await runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'en_route_pickup' })).toBeNull();
    fetchMock.mockReturnValueOnce(answer(409, { detail: 'Transition de statut invalide', code: 'INVALID_STATUS_TRANSITION' }));
    await flushCourierActions();
    const refused = latestAnswer(useCourierSync.getState().answers, 'c1', 'update-status');
    expect(refused?.ok).toBe(false);
    expect((refused?.error as ApiError).detail).toBe('Transition de statut invalide');
    expect(useCourierSync.getState().pending).toEqual([]);
  });

  it('one run at a time: an action kept during a run is sent by it, once', async () => {
    let release!: () => void;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (release = () => void answer(200, {}).then(resolve))));
    fetchMock.mockImplementation(() => answer(200, {}));
    const first = runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'en_route_pickup' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = runCourierAction({ kind: 'update-status', courseId: 'c1', status: 'collected' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    release();
    expect((await first)?.ok).toBe(true);
    expect((await second)?.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('tells what the server answered from what it did not', () => {
    expect(wasAnswered(new ApiError(400, 'x', 'OTP_INVALID'))).toBe(true);
    expect(wasAnswered(new ApiError(404, 'x', 'NOT_FOUND'))).toBe(true);
    expect(wasAnswered(new TypeError('Failed to fetch'))).toBe(false);
    for (const status of [401, 408, 429, 500, 502, 503, 504]) expect(wasAnswered(new ApiError(status, '', ''))).toBe(false);
  });

  it("shows a course at the courier's last step still waiting, else the server's", () => {
    const queued = (action: QueuedAction['action']): QueuedAction => ({ action, key: 'k', occurredAt: '', attempts: 0 });
    const pending = [
      queued({ kind: 'update-status', courseId: 'c1', status: 'en_route_pickup' }),
      queued({ kind: 'update-status', courseId: 'c1', status: 'collected' }),
      queued({ kind: 'verify-otp', courseId: 'c1', otp: '123456' }),
      queued({ kind: 'update-status', courseId: 'c2', status: 'en_route_delivery' }),
    ];
    expect(shownStatus('c1', 'assigned', pending)).toBe('collected');
    expect(shownStatus('c3', 'assigned', pending)).toBe('assigned');
  });
});
