import { notFound, serviceUnavailable, unprocessable } from '../../common/errors/domain-error.js';

export const PushErrors = {
  notConfigured: () => serviceUnavailable('PUSH_NOT_CONFIGURED', 'Les notifications ne sont pas disponibles sur ce serveur.'),
  /** A subscription the caller does not hold answers as an unknown one: it does not say whose it is. */
  notFound: () => notFound('PUSH_SUBSCRIPTION_NOT_FOUND', 'Abonnement aux notifications introuvable.'),
  endpointRefused: () => unprocessable('PUSH_ENDPOINT_REFUSED', "Cette adresse de notification n'est pas celle d'un service de notifications."),
};
