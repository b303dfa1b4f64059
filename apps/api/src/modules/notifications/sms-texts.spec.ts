import { describe, expect, it } from '@jest/globals';
import { isOneGsm7Segment } from '@coursa/domain';
// Twilio's segment calculator, an independent judge of the encoding and the segment count.
import { SegmentedMessage } from 'sms-segments-calculator';
import { activationTokenIn, codeIn, temporaryPasswordIn } from '../../../../../test/support/outbox.js';
import { ACTIVATION_MAX_ORIGIN, activationSms, courierArrivingSms, deliveryCodeSms, messagingWarnings, newDeliveryCodeSms, resetCodeSms, temporaryPasswordSms, trackingLinkSms } from './sms-texts.js';

/** A 30-character production origin, longer than https://app.coursa.gn. */
const ORIGIN = 'https://www.coursa-conakry.com';
/** What RandomSource.token() gives: 32 random bytes in base64url. */
const ACTIVATION_TOKEN = 'Ab-9_xYzAb-9_xYzAb-9_xYzAb-9_xYzAb-9_xYzAb-';
/** What the recipient's tracking link carries: 16 random bytes in base64url. */
const TRACKING_TOKEN = 'Zz_0-Zz_0-Zz_0-Zz_0-Zz';
const LONG_NAME = 'Marie-Aïssatou Ñoël Kéïta-Diallô Bangoura';
const NAMES = [
  LONG_NAME,
  'Aïssatou',
  'Fanta Camara',
  '',
  '   ',
  'محمد علي',
  'Awa 👍 Bah',
  'Ibrahima{€}[Sow]~|^\\',
  'N’Faly Kourouma « le grand » — Œdipe',
  'A'.repeat(200),
  'Jean\nBaptiste\tDiallo',
];
const CODES = ['000000', '123456', '999999'];

/** One GSM-7 segment by our count and by Twilio's. */
function expectOneSegment(text: string) {
  const twilio = new SegmentedMessage(text);
  expect({ text, encoding: twilio.encodingName, segments: twilio.segmentsCount, ours: isOneGsm7Segment(text) }).toEqual({
    text,
    encoding: 'GSM-7',
    segments: 1,
    ours: true,
  });
}

const activationLink = (origin: string) => `${origin}/activation?token=${ACTIVATION_TOKEN}`;
const trackingUrl = (origin: string) => `${origin}/suivi/${TRACKING_TOKEN}`;

describe('every SMS is one GSM-7 segment', () => {
  describe.each(NAMES)('with the name %j', (name) => {
    it.each([ORIGIN, 'https://app.coursa.gn', 'x'.repeat(ACTIVATION_MAX_ORIGIN)])('activation, with %s', (origin) => {
      const text = activationSms({ fullName: name, link: activationLink(origin), validHours: 24 });
      expectOneSegment(text);
      expect(text).toContain(activationLink(origin));
      expect(activationTokenIn(text)).toBe(ACTIVATION_TOKEN);
    });

    it.each(CODES)('delivery code %s', (code) => {
      const text = deliveryCodeSms({ senderName: name, code });
      expectOneSegment(text);
      expect(codeIn(text)).toBe(code);
    });
  });

  it.each(CODES)('reset code %s', (code) => {
    const text = resetCodeSms({ code, validMinutes: 15 });
    expectOneSegment(text);
    expect(codeIn(text)).toBe(code);
  });

  // What RandomSource.token(9) gives: 12 characters of base64url, dashes and underscores included.
  it.each(['Ab-9_xYzAb-9', '____________', '------------'])('temporary password %s', (password) => {
    const text = temporaryPasswordSms({ password });
    expectOneSegment(text);
    expect(temporaryPasswordIn(text)).toBe(password);
  });

  it.each(CODES)('new delivery code %s', (code) => {
    const text = newDeliveryCodeSms({ code });
    expectOneSegment(text);
    expect(codeIn(text)).toBe(code);
  });

  it.each([ORIGIN, 'https://app.coursa.gn', 'x'.repeat(ACTIVATION_MAX_ORIGIN)])('tracking link, with %s', (origin) => {
    const text = trackingLinkSms({ url: trackingUrl(origin) });
    expectOneSegment(text);
    expect(text).toContain(trackingUrl(origin));
  });
});

describe('the names in them', () => {
  it('says the long name in GSM-7, as much of it as fits', () => {
    expect(deliveryCodeSms({ senderName: LONG_NAME, code: '123456' })).toBe(
      'Coursa : un colis de Marie-Aissatou Ñoel Kéita-Diallo est en route vers vous. Code de livraison : 123456. Donnez-le au livreur seulement à la remise du colis.',
    );
    expect(activationSms({ fullName: LONG_NAME, link: activationLink(ORIGIN), validHours: 24 })).toBe(
      `Coursa : bienvenue Marie-Aissatou ! Activez votre compte sous 24 h : ${activationLink(ORIGIN)}`,
    );
    expect(activationSms({ fullName: LONG_NAME, link: activationLink('https://app.coursa.gn'), validHours: 24 })).toBe(
      `Coursa : bienvenue Marie-Aissatou Ñoel ! Activez votre compte sous 24 h : ${activationLink('https://app.coursa.gn')}`,
    );
  });

  it('transliterates « Aïssatou », which made the activation SMS three UCS-2 segments', () => {
    const text = activationSms({ fullName: 'Aïssatou Diallo', link: activationLink(ORIGIN), validHours: 24 });
    expect(text).toBe(`Coursa : bienvenue Aissatou ! Activez votre compte sous 24 h : ${activationLink(ORIGIN)}`);
    expect(new SegmentedMessage(`Coursa : bienvenue Aïssatou Diallo ! Activez votre compte (lien valable 24 h) : ${activationLink(ORIGIN)}`).segmentsCount).toBe(3);
  });

  it('leaves the name out when none of it can be written, or no room is left', () => {
    expect(deliveryCodeSms({ senderName: 'محمد', code: '123456' })).toMatch(/^Coursa : un colis est en route vers vous\. /);
    expect(activationSms({ fullName: 'Fanta', link: activationLink('x'.repeat(ACTIVATION_MAX_ORIGIN)), validHours: 24 })).toMatch(
      /^Coursa : bienvenue ! Activez/,
    );
  });

  it('fits the activation link of a 45-character PUBLIC_URL, the most README promises', () => {
    expect(ACTIVATION_MAX_ORIGIN).toBe(45);
    const tooLong = activationSms({ fullName: '', link: activationLink('x'.repeat(ACTIVATION_MAX_ORIGIN + 1)), validHours: 24 });
    expect(isOneGsm7Segment(tooLong)).toBe(false);
  });
});

describe('the « Votre livreur arrive » SMS', () => {
  it('says so in one GSM-7 segment, with the radius, whatever the radius', () => {
    expect(courierArrivingSms({ radiusM: 300 })).toBe('Coursa : Votre livreur arrive, il est a moins de 300 m. Preparez votre code de livraison.');
    for (const radiusM of [10, 300, 5000]) expectOneSegment(courierArrivingSms({ radiusM }));
  });
});

describe("the worker's start-up warnings", () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: ORIGIN, SMS_DRIVER: 'nimba', SMTP_URL: 'smtp://mail.coursa.gn:587' };

  it('say nothing when messages go out and fit', () => {
    expect(messagingWarnings(production)).toEqual([]);
    expect(messagingWarnings({ ...production, NODE_ENV: 'development', SMS_DRIVER: 'log', SMTP_URL: undefined })).toEqual([]);
  });

  it('name a PUBLIC_URL too long for one segment, and production messages kept in the outbox file', () => {
    expect(messagingWarnings({ ...production, PUBLIC_URL: `https://${'x'.repeat(ACTIVATION_MAX_ORIGIN)}` })).toEqual([expect.stringContaining('two segments')]);
    expect(messagingWarnings({ ...production, SMS_DRIVER: 'log', SMTP_URL: undefined })).toEqual([
      expect.stringContaining('SMS_DRIVER=log'),
      expect.stringContaining('SMTP_URL unset'),
    ]);
  });
});
