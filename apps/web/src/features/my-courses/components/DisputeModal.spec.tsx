/** @jest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithQuery } from '@/test/render-with-query';
import { DISPUTE_CLOSE_MS, DisputeModal } from './DisputeModal';
import { RatingModal } from './RatingModal';


const reply = (status: number, body: unknown = {}) =>
  Promise.resolve({ status, ok: status < 300, text: () => Promise.resolve(JSON.stringify(body)), json: () => Promise.resolve(body) } as Response);

describe('after delivery', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    cleanup();
    jest.useRealTimers();
  });

  it('the claim needs a summary, offers the 4 types with delivery_issue first, and closes after its success', async () => {
    const onClose = jest.fn();
    renderWithQuery(<DisputeModal courseId="c1" onClose={onClose} />);
    expect(screen.getByRole('heading', { name: 'Signaler un Problème' })).toBeTruthy();
    const type = screen.getByLabelText('Type de problème') as HTMLSelectElement;
    expect(type.value).toBe('delivery_issue');
    expect([...type.options].map((option) => option.text)).toEqual([
      'Problème de livraison',
      'Problème de paiement',
      'Colis endommagé',
      'Autre',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect(screen.getByRole('alert').textContent).toBe('Le résumé du problème est obligatoire');
    expect(fetchMock).not.toHaveBeenCalled();

    jest.useFakeTimers();
    fetchMock.mockReturnValueOnce(reply(201, {}));
    fireEvent.change(type, { target: { value: 'damage' } });
    fireEvent.change(screen.getByLabelText('Résumé'), { target: { value: 'Colis abîmé' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Envoyer' })));
    expect(screen.getByText('Réclamation enregistrée avec succès!')).toBeTruthy();
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      course_id: 'c1',
      dispute_type: 'damage',
      reason: 'Colis abîmé',
      description: null,
    });
    act(() => jest.advanceTimersByTime(DISPUTE_CLOSE_MS));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('the claim shows the fixed failure message', async () => {
    fetchMock.mockReturnValueOnce(reply(404, { detail: 'Course introuvable.', code: 'COURSE_NOT_FOUND' }));
    renderWithQuery(<DisputeModal courseId="c1" onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText('Résumé'), { target: { value: 'Retard' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erreur lors de la réclamation');
  });

  it('the rating defaults to 5, sends the chosen note and says so when it fails', async () => {
    fetchMock.mockReturnValueOnce(reply(500));
    renderWithQuery(<RatingModal courseId="c1" onDone={() => {}} onClose={() => {}} />);
    expect(screen.getByRole('radio', { name: '5 sur 5' }).getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('radio', { name: '4 sur 5' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Erreur lors de l'évaluation");
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ course_id: 'c1', rating: 4, comment: null });
  });

  it("says the spec's rating message for a server fault, and the server's reason for a refusal", async () => {
    fetchMock.mockReturnValueOnce(reply(500, { detail: 'Une erreur interne est survenue. Réessayez plus tard.', code: 'INTERNAL_ERROR' }));
    renderWithQuery(<RatingModal courseId="c1" onDone={() => {}} onClose={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    expect((await screen.findByRole('alert')).textContent).toBe("Erreur lors de l'évaluation");
    fetchMock.mockReturnValueOnce(reply(409, { detail: 'Cette course a déjà été évaluée.', code: 'COURSE_ALREADY_RATED' }));
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Cette course a déjà été évaluée.'));
  });
});
