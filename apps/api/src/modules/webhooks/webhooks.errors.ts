import { WEBHOOK_ENDPOINTS_MAX } from '@coursa/domain';
import { badRequest, conflict, notFound } from '../../common/errors/domain-error.js';

/** Merchants' webhooks (issue 40). Someone else's endpoint or delivery answers as an unknown one. */
export const WebhookErrors = {
  endpointNotFound: () => notFound('WEBHOOK_ENDPOINT_NOT_FOUND', 'Webhook introuvable.'),
  deliveryNotFound: () => notFound('WEBHOOK_DELIVERY_NOT_FOUND', 'Envoi de webhook introuvable.'),
  limitReached: () =>
    conflict('WEBHOOK_ENDPOINTS_LIMIT_REACHED', `Vous avez déjà ${WEBHOOK_ENDPOINTS_MAX} webhooks : supprimez-en un avant d’en ajouter un autre.`),
  urlRefused: () =>
    badRequest(
      'WEBHOOK_URL_REFUSED',
      'Adresse refusée : le webhook doit viser un serveur public sur Internet (ni localhost, ni une adresse privée ou interne, ni identifiants dans l’URL).',
    ),
  endpointDisabled: () => conflict('WEBHOOK_ENDPOINT_DISABLED', 'Ce webhook est désactivé : réactivez-le avant de lui envoyer des événements.'),
};
