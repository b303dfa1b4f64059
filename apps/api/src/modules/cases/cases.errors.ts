import { notFound } from '../../common/errors/domain-error.js';

export const CaseErrors = {
  disputeNotFound: () => notFound('DISPUTE_NOT_FOUND', 'Réclamation introuvable.'),
  supportRequestNotFound: () => notFound('SUPPORT_REQUEST_NOT_FOUND', 'Demande de support introuvable.'),
};
