import { API_KEY_MESSAGES } from '@coursa/domain';
import { conflict, forbidden, notFound, unauthorized } from '../../common/errors/domain-error.js';

/** A merchant's API keys (issue 40): their management, and the refusals of a request made with one. */
export const ApiKeyErrors = {
  /** Malformed, unknown, or its secret does not match: one answer for all, which says nothing of which. */
  invalid: () => unauthorized('API_KEY_INVALID', 'Clé d’API invalide : vérifiez l’en-tête Authorization (Bearer cs_live_…).'),
  revoked: () => unauthorized('API_KEY_REVOKED', 'Cette clé d’API a été révoquée : créez-en une nouvelle dans votre espace marchand.'),
  expired: () => unauthorized('API_KEY_EXPIRED', 'Cette clé d’API a expiré après son renouvellement : utilisez la nouvelle clé.'),
  routeForbidden: () => forbidden('API_KEY_ROUTE_FORBIDDEN', 'Cette clé d’API ne donne pas accès à cette route.'),
  scopeMissing: (scope: string) => forbidden('API_KEY_SCOPE_MISSING', `Cette clé d’API n’a pas la permission « ${scope} ».`),
  notFound: () => notFound('API_KEY_NOT_FOUND', 'Clé d’API introuvable.'),
  limitReached: () => conflict('API_KEYS_LIMIT_REACHED', API_KEY_MESSAGES.limit),
  notRotatable: () => conflict('API_KEY_NOT_ROTATABLE', 'Seule une clé active peut être renouvelée : celle-ci est déjà révoquée, expirée ou remplacée.'),
};
