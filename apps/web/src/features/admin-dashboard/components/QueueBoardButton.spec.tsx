/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { answer } from '@/test/fetch-answer';
import { openBesideApp, QUEUE_BOARD_FAILED, QueueBoardButton } from './QueueBoardButton';

const signInAs = (role: string) => signInForRenders({ id: 'u', role, full_name: 'Staff', phone: '+224620000002' } as never);

describe('QueueBoardButton', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  it('is not offered to support', () => {
    signInAs('support');
    renderWithQuery(<QueueBoardButton />);
    expect(screen.queryByRole('button', { name: 'Files de traitement' })).toBeNull();
  });

  it('opens the board in a tab beside the app once its cookie is set, and closes that tab when it cannot', async () => {
    signInAs('admin');
    const tab = { go: jest.fn<(url: string) => void>(), close: jest.fn<() => void>() };
    const open = jest.fn(() => tab);
    renderWithQuery(<QueueBoardButton open={open} />);
    fetchMock.mockReturnValueOnce(answer(200, { url: '/api/admin/queues/' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Files de traitement' })));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/queue-board/session');
    expect(open).toHaveBeenCalledTimes(1);
    expect(tab.go).toHaveBeenCalledWith('/api/admin/queues/');
    expect(tab.close).not.toHaveBeenCalled();

    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Files de traitement' })));
    expect(screen.getByRole('alert').textContent).toBe(QUEUE_BOARD_FAILED);
    expect(tab.go).toHaveBeenCalledTimes(1);
    expect(tab.close).toHaveBeenCalledTimes(1);
  });

  it('opens a blank tab cut from the app during the click, then points it at the board', () => {
    const tab = { opener: {} as unknown, location: { replace: jest.fn() }, close: jest.fn() };
    const windowOpen = jest.spyOn(window, 'open').mockReturnValue(tab as never);
    const board = openBesideApp();
    expect(windowOpen).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
    board.go('/api/admin/queues/');
    expect(tab.location.replace).toHaveBeenCalledWith('/api/admin/queues/');
    windowOpen.mockRestore();
  });
});
