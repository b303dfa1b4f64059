import { MESSAGES } from '@coursa/domain';
import { badRequest, conflict, forbidden, unauthorized } from '../../common/errors/domain-error.js';

/** Every refusal of the account flows, with its code and French message. */
export const AuthErrors = {
  termsRequired: () => badRequest('TERMS_NOT_ACCEPTED', MESSAGES.termsRequired),
  invalidPhone: () =>
    badRequest('INVALID_PHONE', 'Numéro de téléphone invalide : utilisez un mobile guinéen (+224 6XX XX XX XX).'),
  passwordTooShort: () => badRequest('PASSWORD_TOO_SHORT', MESSAGES.passwordTooShort),
  roleNotAllowed: () =>
    forbidden('ROLE_NOT_ALLOWED', "Seuls les comptes client peuvent être créés par inscription. Les comptes livreur et administrateur sont créés par l'administration."),
  phoneTaken: () => conflict('PHONE_ALREADY_REGISTERED', 'Un compte existe déjà avec ce numéro de téléphone.'),
  emailTaken: () => conflict('EMAIL_ALREADY_REGISTERED', 'Un compte existe déjà avec cette adresse email.'),
  unknownReferralCode: () => badRequest('REFERRAL_CODE_UNKNOWN', 'Code de parrainage inconnu. Vérifiez-le ou laissez le champ vide.'),
  activationTokenMissing: () => badRequest('ACTIVATION_TOKEN_MISSING', "Token d'activation manquant"),
  activationTokenInvalid: () =>
    badRequest('ACTIVATION_TOKEN_INVALID', "Lien d'activation invalide ou déjà utilisé."),
  activationTokenExpired: () =>
    badRequest('ACTIVATION_TOKEN_EXPIRED', "Lien d'activation expiré (valable 24 heures). Créez à nouveau votre compte pour recevoir un nouveau lien."),
  badCredentials: () => unauthorized('INVALID_CREDENTIALS', 'Numéro de téléphone ou mot de passe incorrect.'),
  notActivated: () =>
    forbidden('ACCOUNT_NOT_ACTIVATED', "Compte non activé. Vérifiez votre email/SMS pour activer votre compte."),
  disabled: () => forbidden('ACCOUNT_DISABLED', 'Compte désactivé. Contactez le support.'),
  sessionExpired: () => unauthorized('SESSION_EXPIRED', 'Session expirée - veuillez vous reconnecter'),
  wrongCurrentPassword: () => badRequest('WRONG_CURRENT_PASSWORD', 'Mot de passe actuel incorrect.'),
  invalidEmail: () => badRequest('INVALID_EMAIL', MESSAGES.invalidEmailFormat),
  invalidRecoveryPhone: () => badRequest('INVALID_PHONE', MESSAGES.invalidPhoneNumber),
  resetCodeInvalid: () => badRequest('RESET_CODE_INVALID', 'Code incorrect. Vérifiez le code reçu.'),
  resetCodeDead: () =>
    badRequest('RESET_CODE_EXPIRED', "Ce code n'est plus valable (expiré, déjà utilisé ou trop de tentatives). Demandez un nouveau code."),
};

export const AuthMessages = {
  registered: 'Compte créé avec succès ! Vérifiez votre email/SMS pour activer votre compte.',
  activated: 'Compte activé avec succès ! Vous pouvez maintenant vous connecter.',
  resetCodeSentSms: 'Code envoyé par SMS si ce numéro existe',
  resetCodeSentEmail: 'Code envoyé par email si cette adresse existe',
  passwordReset: 'Mot de passe réinitialisé avec succès ! Vous pouvez maintenant vous connecter.',
  passwordChanged: 'Mot de passe modifié avec succès !',
  loggedOut: 'Vous êtes déconnecté.',
};
