import { GSM7_SEGMENT_SEPTETS, smsLength, smsName, toGsm7 } from '@coursa/domain';

/**
 * Every SMS Coursa sends is written here, and each fits one GSM-7 segment (160 septets): its wording is GSM-7, a
 * person's name is transliterated (ï → i, ô → o) and shortened to what room is left, and the whole text goes
 * through toGsm7 once more. A character outside GSM-7 would make the message UCS-2 (70 a segment) and a 161st
 * septet a second segment, each one billed. A link fits with PUBLIC_URL up to ACTIVATION_MAX_ORIGIN characters.
 */

/** A name shorter than this is left out rather than shown cut to a letter or two. */
const MIN_NAME = 3;

/** `build(name)` with the longest name that keeps it one segment, else `build('')`. */
function withName(fullName: string, build: (name: string) => string): string {
  const room = GSM7_SEGMENT_SEPTETS - (smsLength(toGsm7(build('X'))) - 1);
  const name = smsName(fullName, room);
  return toGsm7(build(name.length >= MIN_NAME ? name : ''));
}

/** The account-activation SMS, to the new client: the link the web's /activation page reads. */
export function activationSms({ fullName, link, validHours }: { fullName: string; link: string; validHours: number }): string {
  return withName(fullName, (name) => `Coursa : bienvenue${name ? ` ${name}` : ''} ! Activez votre compte sous ${validHours} h : ${link}`);
}

/** The password-reset SMS: the 6-digit code to type in the app. */
export function resetCodeSms({ code, validMinutes }: { code: string; validMinutes: number }): string {
  return toGsm7(`Coursa : votre code de réinitialisation est ${code}. Il expire dans ${validMinutes} minutes. Ne le communiquez à personne.`);
}

/** The delivery-code SMS, to the recipient when the course is ordered: who sends the parcel and the code. */
export function deliveryCodeSms({ senderName, code }: { senderName: string; code: string }): string {
  return withName(
    senderName,
    (name) =>
      `Coursa : un colis${name ? ` de ${name}` : ''} est en route vers vous. Code de livraison : ${code}. Donnez-le au livreur seulement à la remise du colis.`,
  );
}

/** The recipient's new delivery code, when the courier has it sent again. */
export function newDeliveryCodeSms({ code }: { code: string }): string {
  return toGsm7(`Coursa : nouveau code de livraison : ${code}. L'ancien code ne marche plus. Donnez-le au livreur seulement à la remise du colis.`);
}

/** The recipient's link to follow the parcel live (`<PUBLIC_URL>/suivi/<token>`). */
export function trackingLinkSms({ url }: { url: string }): string {
  return toGsm7(`Coursa : suivez votre colis en direct ici : ${url}`);
}

/**
 * The longest PUBLIC_URL (scheme and host, no trailing slash) with which the activation SMS, the longest one with a
 * link (`/activation?token=` and a 43-character token), still fits one segment, with no name in it.
 */
export const ACTIVATION_MAX_ORIGIN =
  GSM7_SEGMENT_SEPTETS - activationSms({ fullName: '', link: `/activation?token=${'x'.repeat(43)}`, validHours: 24 }).length;
