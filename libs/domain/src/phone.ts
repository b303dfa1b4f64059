import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

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

/** The mobile-money wallets Coursa pays into: Orange Money (62X numbers) and MTN MoMo (66X). */
export type WalletOperator = 'orange_money' | 'mtn_momo';

export const WALLET_OPERATOR_LABELS: Record<WalletOperator, string> = { orange_money: 'Orange Money', mtn_momo: 'MTN MoMo' };

/** The operator of a Guinean mobile number in E.164 (blocks 620–629 Orange, 660–669 MTN), or null for another block. */
export function walletOperatorOf(e164: string): WalletOperator | null {
  if (/^\+22462\d{7}$/.test(e164)) return 'orange_money';
  if (/^\+22466\d{7}$/.test(e164)) return 'mtn_momo';
  return null;
}

/**
 * A number a payout or refund rail can pay: a Guinean mobile of the Orange Money or MTN MoMo blocks, in E.164; null
 * for anything else (another block such as 65X, a foreign or malformed number). Payouts and refunds both ask it.
 */
export function payableWallet(input: string): string | null {
  const phone = toGuineanMobile(input);
  return phone && walletOperatorOf(phone) ? phone : null;
}
