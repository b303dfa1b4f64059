/** Where the session is kept in localStorage (spec §7: the access token under "token"). */
export const STORAGE_KEYS = {
  accessToken: 'token',
  refreshToken: 'refresh_token',
} as const;

/** Delays of spec §9. */
export const DELAYS_MS = {
  activationRedirect: 3000,
  recoveryRedirect: 2000,
  passwordChangedNotice: 5000,
} as const;
