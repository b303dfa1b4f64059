/** Texts of the auth screens, copied from spec §8 (validation messages are MESSAGES in @coursa/domain). */
export const AUTH_MESSAGES = {
  genericError: 'Une erreur est survenue',
  registered: 'Compte créé avec succès ! Vérifiez votre email/SMS pour activer votre compte.',
  activationTokenMissing: "Token d'activation manquant",
  activationFailed: "Erreur lors de l'activation du compte",
  recoveryRequestFailed: 'Erreur lors de la demande',
  codeSentBySms: 'Code envoyé par SMS si ce numéro existe',
  codeSentByEmail: 'Code envoyé par email si cette adresse existe',
  resetFailed: 'Erreur lors de la réinitialisation',
  resetSucceeded: 'Mot de passe réinitialisé avec succès ! Vous pouvez maintenant vous connecter.',
} as const;
