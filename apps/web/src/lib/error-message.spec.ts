import { describe, expect, it } from '@jest/globals';
import { ApiError, errorMessage } from './api-client';

describe('errorMessage', () => {
  it("shows the server's reason for a refusal and for a provider that failed", () => {
    expect(errorMessage(new ApiError(409, 'Cette course a déjà été évaluée.', 'COURSE_ALREADY_RATED'), 'Erreur')).toBe('Cette course a déjà été évaluée.');
    expect(errorMessage(new ApiError(502, 'Le virement a échoué : le montant est remis au solde du livreur.', 'PAYOUT_FAILED'), 'Erreur')).toBe(
      'Le virement a échoué : le montant est remis au solde du livreur.',
    );
  });

  it("shows the screen's own message for an unexpected failure, an answer without detail, or no answer", () => {
    expect(errorMessage(new ApiError(500, 'Une erreur interne est survenue. Réessayez plus tard.', 'INTERNAL_ERROR'), "Erreur lors de l'évaluation")).toBe(
      "Erreur lors de l'évaluation",
    );
    expect(errorMessage(new ApiError(503, '', ''), 'Erreur')).toBe('Erreur');
    expect(errorMessage(new TypeError('Failed to fetch'), 'Erreur')).toBe('Erreur');
  });
});
