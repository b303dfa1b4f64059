/** Rules and messages of spec §5 and §9, shared by the API and the web app. */

export const PASSWORD_MIN_LENGTH = 6;
export const CODE_LENGTH = 6;

export const MESSAGES = {
  termsRequired:
    "Vous devez accepter les Conditions d'Utilisation et la Politique de Confidentialité",
  invalidEmailFormat: "❌ Format d'email invalide",
  invalidPhoneNumber: '❌ Numéro de téléphone invalide',
  passwordsDoNotMatch: 'Les mots de passe ne correspondent pas',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  newPasswordsDoNotMatch: '❌ Les nouveaux mots de passe ne correspondent pas',
  newPasswordTooShort: '❌ Le nouveau mot de passe doit contenir au moins 6 caractères',
} as const;

/** Forgot password, step 1: an email must contain "@" and a dot. */
export function looksLikeEmail(value: string): boolean {
  return value.includes('@') && value.includes('.');
}

/** Forgot password, step 1: a phone must be at least 10 characters. */
export function looksLikePhone(value: string): boolean {
  return value.trim().length >= 10;
}

/** Codes (delivery OTP, reset code) accept digits only, at most 6: what an input keeps of what was typed. */
export function keepCodeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export function isCompleteCode(value: string): boolean {
  return new RegExp(`^\\d{${CODE_LENGTH}}$`).test(value);
}
