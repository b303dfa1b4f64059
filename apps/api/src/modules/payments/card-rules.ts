/** Card checks made before anything is sent anywhere, and the sandbox's test cards. */

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index++) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return number.length >= 12 && sum % 10 === 0;
}

/** A card is valid through the last day of its expiry month. */
export function isExpired(month: string, year: string, now: Date): boolean {
  const endOfMonth = new Date(Date.UTC(Number(year), Number(month), 1));
  return endOfMonth <= now;
}

/** Sandbox: this card is declined, like Stripe's test card of the same number. */
export const DECLINED_TEST_CARD = '4000000000000002';
/** Sandbox: this card asks for 3-D Secure; every other valid card is approved at once. */
export const THREE_D_SECURE_TEST_CARD = '4000000000003220';

export const isDeclinedTestCard = (number: string) => number === DECLINED_TEST_CARD;
export const isApprovedTestCard = (number: string) => number !== DECLINED_TEST_CARD && number !== THREE_D_SECURE_TEST_CARD;
