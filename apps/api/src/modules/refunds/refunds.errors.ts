import { badRequest, conflict, DomainError, notFound, serviceUnavailable } from '../../common/errors/domain-error.js';

export const RefundErrors = {
  notFound: () => notFound('REFUND_NOT_FOUND', 'Remboursement introuvable.'),
  alreadySent: () => conflict('REFUND_ALREADY_SENT', 'Ce remboursement a déjà été envoyé ou est en cours.'),
  inFlight: () =>
    conflict('REFUND_IN_FLIGHT', "Ce remboursement est en cours chez l'opérateur : attendez sa réponse avant de le payer autrement."),
  invalidPhone: () =>
    badRequest('REFUND_PHONE_INVALID', 'Numéro Orange Money (62X) ou MTN MoMo (66X) attendu, au format +224 6XX XX XX XX.'),
  transferFailed: (reason: string) =>
    new DomainError('REFUND_FAILED', `Le virement au client a échoué (${reason}) : le remboursement reste à faire.`, 502),
  notConfigured: () =>
    serviceUnavailable('REFUNDS_NOT_CONFIGURED', 'Les virements aux clients (MTN MoMo Disbursement) ne sont pas configurés.'),
};
