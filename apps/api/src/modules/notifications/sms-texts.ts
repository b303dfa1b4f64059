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

/** Staff reset the password (issue 38): the temporary one, to change in the profile once signed in. */
export function temporaryPasswordSms({ password }: { password: string }): string {
  return toGsm7(`Coursa : votre mot de passe a été réinitialisé par notre équipe. Changez-le dans Mon Profil dès la connexion. Mot de passe temporaire : ${password}`);
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

/** The recipient's one more SMS, once, when the courier comes within ARRIVING_RADIUS_M of the delivery point (issue 37). */
export function courierArrivingSms({ radiusM }: { radiusM: number }): string {
  return toGsm7(`Coursa : Votre livreur arrive, il est a moins de ${radiusM} m. Preparez votre code de livraison.`);
}

/**
 * The longest PUBLIC_URL (scheme and host, no trailing slash) with which the activation SMS, the longest one with a
 * link (`/activation?token=` and a 43-character token), still fits one segment, with no name in it.
 */
export const ACTIVATION_MAX_ORIGIN =
  GSM7_SEGMENT_SEPTETS - activationSms({ fullName: '', link: `/activation?token=${'x'.repeat(43)}`, validHours: 24 }).length;

/**
 * What an operator should hear at the worker's start about how messages will go out: a PUBLIC_URL too long for the
 * links to stay one segment, and, in production, texts and e-mails written to the outbox file instead of sent.
 */
export function messagingWarnings(config: { NODE_ENV: string; PUBLIC_URL: string; SMS_DRIVER: string; SMTP_URL?: string }): string[] {
  const warnings: string[] = [];
  if (config.PUBLIC_URL.length > ACTIVATION_MAX_ORIGIN) {
    warnings.push(`PUBLIC_URL has ${config.PUBLIC_URL.length} characters: above ${ACTIVATION_MAX_ORIGIN}, the activation SMS takes two segments`);
  }
  if (config.NODE_ENV === 'production' && config.SMS_DRIVER === 'log') warnings.push('SMS_DRIVER=log in production: texts are written to OUTBOX_FILE, not sent');
  if (config.NODE_ENV === 'production' && !config.SMTP_URL) warnings.push('SMTP_URL unset in production: e-mails are written to OUTBOX_FILE, not sent');
  return warnings;
}
