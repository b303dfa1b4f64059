import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const GUINEA_MOBILE_HINT = '+224 6XX XX XX XX';

/**
 * A Guinean mobile number in E.164 (`+2246XXXXXXXX`), or null when the input is not one.
 * Accepts the forms people type: "+224 620 00 00 01", "00224620000001", "620000001", "620 00 00 01".
 */
export function toGuineanMobile(input: string): string | null {
  const phone = parsePhoneNumberFromString(input.trim(), 'GN');
  if (!phone || phone.country !== 'GN' || !phone.isValid()) return null;
  // Guinean mobiles are the nine-digit numbers starting with 6; fixed lines (30…) cannot receive SMS.
  return /^6\d{8}$/.test(phone.nationalNumber) ? phone.number : null;
}
