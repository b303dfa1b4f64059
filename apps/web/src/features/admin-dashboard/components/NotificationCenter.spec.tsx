/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { answer, pageAnswer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { opsActions } from '../stores/ops-store';
import { NotificationCenter } from './NotificationCenter';

const CLAIM = { id: 'n-1', kind: 'claim', message: 'Nouvelle réclamation de Mariama Diallo', created_at: '2026-11-25T10:00:00.000Z', read: false };
const FAILED = { id: 'n-2', kind: 'payout_failed', message: 'Virement échoué : 7 000 GNF pour Ibrahima Camara', created_at: '2026-11-25T09:00:00.000Z', read: true };

describe('NotificationCenter', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    opsActions.reset();
    fetchMock = jest.fn<typeof fetch>((input, init) => {
      const url = String(input);
      if (init?.method === 'POST') return answer(200, url.endsWith('read-all') ? { marked: 1 } : { id: 'n-1', read: true });
      if (url.includes('unread=true')) return pageAnswer([CLAIM], { total: 1 });
      return pageAnswer([CLAIM, FAILED], { total: 2 });
    });
    globalThis.fetch = fetchMock;
  });
  afterEach(cleanup);

  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url));

  it('lists the notices kept server-side, says how many are unread, and marks one read', async () => {
    renderWithQuery(<NotificationCenter />);
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('non lue' + CLAIM.message),
      expect.stringContaining(FAILED.message),
    ]);
    expect(await screen.findByText('1 non lue')).toBeTruthy();
    // A read notice offers nothing more to do.
    expect(within(items[1]!).queryByRole('button')).toBeNull();

    await act(async () => fireEvent.click(within(items[0]!).getByRole('button', { name: `Marquer comme lue : ${CLAIM.message}` })));
    expect(posts()).toEqual(['/api/admin/notifications/n-1/read']);
  });

  it('marks everything read at once', async () => {
    renderWithQuery(<NotificationCenter />);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Tout marquer comme lu' })));
    expect(posts()).toEqual(['/api/admin/notifications/read-all']);
  });

  it('still shows the live events of the platform below the notices', async () => {
    opsActions.status({ course_id: '317a18c1-0000-4000-8000-000000000000', course_number: 'CRS-000317', status: 'assigned', status_label: 'Assignée', courier_id: null });
    renderWithQuery(<NotificationCenter />);
    expect(within(screen.getByRole('list', { name: 'En direct' })).getByRole('listitem').textContent).toContain('Course CRS-000317 : Assignée');
  });
});
