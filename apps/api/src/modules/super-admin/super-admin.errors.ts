import { forbidden } from '../../common/errors/domain-error.js';

export const SuperAdminErrors = {
  superAdminExists: () =>
    forbidden('SUPER_ADMIN_EXISTS', "Un super administrateur existe déjà : la migration n'est possible qu'à la première mise en service."),
};

export const SuperAdminMessages = {
  adminCreated: 'Compte administrateur créé avec succès.',
  migrated: 'Compte migré vers Super Administrateur avec succès. Reconnectez-vous pour utiliser vos nouveaux droits.',
};
