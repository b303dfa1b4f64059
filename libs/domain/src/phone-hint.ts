/**
 * How a Guinean mobile number is written, shown in phone fields. Apart from phone.ts so that the sign-in screen, which
 * shows it, does not download the phone-number library (issue 35: it is loaded with the screens that check numbers).
 */
export const GUINEA_MOBILE_HINT = '+224 6XX XX XX XX';
