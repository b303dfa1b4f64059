/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderWithQuery, signInForRenders } from '@/test/render-with-query';
import { answer } from '@/test/fetch-answer';
import { QUEUE_BOARD_FAILED, QueueBoardButton } from './QueueBoardButton';

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

  it("takes an admin to the board once its cookie is set, and says so when it cannot", async () => {
    signInAs('admin');
    const go = jest.fn<(url: string) => void>();
    renderWithQuery(<QueueBoardButton go={go} />);
    fetchMock.mockReturnValueOnce(answer(200, { url: '/api/admin/queues/' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Files de traitement' })));
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/admin/queue-board/session');
    expect(go).toHaveBeenCalledWith('/api/admin/queues/');

    fetchMock.mockReturnValueOnce(answer(500, {}));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Files de traitement' })));
    expect(screen.getByRole('alert').textContent).toBe(QUEUE_BOARD_FAILED);
    expect(go).toHaveBeenCalledTimes(1);
  });
});
