/** @jest-environment jsdom */
import { answer } from '@/test/fetch-answer';
import { beforeEach, describe, expect, it, jest } from '@jest/globals';
import { requestEarlyPayment } from './EarningsTab';


describe('requestEarlyPayment', () => {
  let fetchMock: jest.Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    localStorage.clear();
  });

  it('refuses below 5000 GNF without calling', async () => {
    expect(await requestEarlyPayment(4999, true)).toEqual({
      ok: false,
      text: 'Montant minimum de 5000 GNF requis pour une demande de paiement',
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs a signed-in user', async () => {
    expect((await requestEarlyPayment(9000, false)).text).toBe('Vous devez être connecté pour effectuer cette action');
  });

  it('maps the answers to the spec messages', async () => {
    fetchMock.mockReturnValueOnce(answer(201, { message: 'x' }));
    expect(await requestEarlyPayment(9000, true)).toEqual({ ok: true, text: 'Demande de paiement soumise avec succès !' });
    fetchMock.mockReturnValueOnce(answer(401, { detail: 'no', code: 'UNAUTHENTICATED' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe('Session expirée - veuillez vous reconnecter');
    fetchMock.mockReturnValueOnce(answer(409, { detail: "Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.", code: 'PAYMENT_REQUEST_ALREADY_OPEN' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe("Une demande est déjà en cours : attendez sa réponse avant d'en faire une autre.");
    fetchMock.mockReturnValueOnce(answer(500, { detail: 'Erreur interne', code: 'INTERNAL_ERROR' }));
    expect((await requestEarlyPayment(9000, true)).text).toBe('Erreur lors de la demande de paiement');
  });
});
