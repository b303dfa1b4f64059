/** @jest-environment jsdom */
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import { answer } from '@/test/fetch-answer';
import { renderWithQuery } from '@/test/render-with-query';
import { MyClaims } from './MyClaims';

const claim = {
  id: 'd1',
  course_id: '0c8f5e1a-4b7d-4e2a-9f3c-1d2e3f4a5b6c',
  course_number: 'CRS-000123',
  dispute_type: 'damage',
  dispute_type_label: 'Colis endommagé',
  reason: 'Carton écrasé',
  description: null,
  status: 'resolved',
  status_label: 'Résolue',
  staff_note: 'Remboursement effectué.',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  resolved_at: '2026-11-21T10:00:00Z',
};

describe('MyClaims', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  it("lists the client's claims with their status and staff's answer", async () => {
    fetchMock.mockReturnValue(answer(200, [claim]));
    renderWithQuery(<MyClaims />);
    expect(await screen.findByText('Colis endommagé')).toBeTruthy();
    expect(screen.getByText('Résolue').className).toBe('case-status case-status--resolved');
    expect(screen.getByText('Réponse de Coursa : Remboursement effectué.')).toBeTruthy();
    // Issue 38: the claim names its course by number, as every screen does.
    expect(screen.getByText(/^Course CRS-000123 · ouverte le/)).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/disputes');
    expect(screen.queryByRole('button', { name: 'Voir plus' })).toBeNull();
  });

  it('says when there is none', async () => {
    fetchMock.mockReturnValue(answer(200, []));
    renderWithQuery(<MyClaims />);
    expect(await screen.findByText('Aucune réclamation.')).toBeTruthy();
  });
});
