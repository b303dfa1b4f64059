import { MESSAGES, PASSWORD_MIN_LENGTH } from '@coursa/domain';

/**
 * What is wrong with a new password and its confirmation, checked in the order of spec §5, or null.
 * The recovery form and the profile's change form word the same checks differently.
 */
export function newPasswordProblem(password: string, confirmation: string, form: 'recovery' | 'change'): string | null {
  if (password !== confirmation) {
    return form === 'recovery' ? MESSAGES.passwordsDoNotMatch : MESSAGES.newPasswordsDoNotMatch;
  }
  if (password.length < PASSWORD_MIN_LENGTH) {
    return form === 'recovery' ? MESSAGES.passwordTooShort : MESSAGES.newPasswordTooShort;
  }
  return null;
}
