import { describe, expect, it } from '@jest/globals';
import { isGsm7, isOneGsm7Segment, smsLength, smsName, smsSize, toGsm7 } from './sms.js';

const GSM_ACCENTS = 'é è ù ì ò Ç Ø ø Å å Ä Ö Ñ Ü ä ö ñ ü à É ß Æ æ';

describe('toGsm7', () => {
  it('keeps the accented letters GSM-7 has', () => {
    expect(toGsm7(GSM_ACCENTS)).toBe(GSM_ACCENTS);
    expect(isGsm7(GSM_ACCENTS)).toBe(true);
  });

  it('keeps the extension characters', () => {
    expect(toGsm7('^{}\\[~]|€')).toBe('^{}\\[~]|€');
  });

  it.each([
    ['’', "'"],
    ['‘', "'"],
    ['«merci»', '"merci"'],
    ['“ok”', '"ok"'],
    ['a — b – c', 'a - b - c'],
    ['attendez…', 'attendez...'],
    ['15\u00a0000\u202fGNF', '15 000 GNF'],
    ['œuvre Œuvre', 'oeuvre OEuvre'],
    ['n°12', 'no12'],
  ])('writes the typographic %s as %s', (input, expected) => {
    expect(toGsm7(input)).toBe(expected);
  });

  it.each([
    ['Aïssatou', 'Aissatou'],
    ['Diallô', 'Diallo'],
    ['reçu', 'recu'],
    ['être', 'etre'],
    ['Ÿ', 'Y'],
    ['Kéïta', 'Kéita'],
  ])('strips the accents GSM-7 lacks: %s → %s', (input, expected) => {
    expect(toGsm7(input)).toBe(expected);
  });

  it('composes a decomposed accent first, so a GSM-7 é stays é', () => {
    expect(toGsm7('e\u0301te\u0301')).toBe('été');
  });

  it('writes « ? » (or what it is told) for what has no GSM-7 form', () => {
    expect(toGsm7('Livré 👍 محمد')).toBe('Livré ? ????');
    expect(toGsm7('Livré 👍', '')).toBe('Livré ');
  });

  it('turns the example sentence into one GSM-7 segment', () => {
    const text = toGsm7('Où êtes-vous ? Ça coûte 15 000 GNF, déjà payé — reçu n°12 «merci» Œuvre ïle Ÿ');
    expect(text).toBe('Où etes-vous ? Ça coute 15 000 GNF, déjà payé - recu no12 "merci" OEuvre ile Y');
    expect(isOneGsm7Segment(text)).toBe(true);
  });
});

describe('smsSize and isOneGsm7Segment', () => {
  it.each([
    ['160 × a', 'a'.repeat(160), 'GSM-7', 160, 1],
    ['161 × a', 'a'.repeat(161), 'GSM-7', 161, 2],
    ['306 × a', 'a'.repeat(306), 'GSM-7', 306, 2],
    ['307 × a', 'a'.repeat(307), 'GSM-7', 307, 3],
    ['80 × €', '€'.repeat(80), 'GSM-7', 160, 1],
    ['81 × €', '€'.repeat(81), 'GSM-7', 162, 2],
    ['70 × ê', 'ê'.repeat(70), 'UCS-2', 70, 1],
    ['71 × ê', 'ê'.repeat(71), 'UCS-2', 71, 2],
    ['nothing', '', 'GSM-7', 0, 0],
  ])('sizes %s', (_label, text, encoding, units, segments) => {
    expect(smsSize(text)).toEqual({ encoding, units, segments });
  });

  it('never splits an escape pair across two parts', () => {
    // 152 septets then € (2): the € goes whole to the second part, so 153 × 2 + 1 septet is 3 parts.
    expect(smsSize('a'.repeat(152) + '€' + 'a'.repeat(152)).segments).toBe(3);
  });

  it('counts an extension character as 2', () => {
    expect(smsLength('{€}')).toBe(6);
    expect(isOneGsm7Segment('a'.repeat(158) + '€')).toBe(true);
    expect(isOneGsm7Segment('a'.repeat(159) + '€')).toBe(false);
  });

  it('refuses a text with one character outside GSM-7', () => {
    expect(isOneGsm7Segment('Bienvenue Aïssatou')).toBe(false);
    expect(isOneGsm7Segment('Bienvenue Aissatou')).toBe(true);
  });
});

describe('smsName', () => {
  const LONG = 'Marie-Aïssatou Ñoël Kéïta-Diallô Bangoura';

  it('gives the whole name in GSM-7 when it fits', () => {
    expect(smsName(LONG, 60)).toBe('Marie-Aissatou Ñoel Kéita-Diallo Bangoura');
  });

  it('keeps as many first words as fit', () => {
    expect(smsName(LONG, 33)).toBe('Marie-Aissatou Ñoel Kéita-Diallo');
    expect(smsName(LONG, 18)).toBe('Marie-Aissatou');
  });

  it('cuts the first word, without a dangling hyphen', () => {
    expect(smsName(LONG, 8)).toBe('Marie');
    expect(smsName(LONG, 5)).toBe('Marie');
    expect(smsName(LONG, 3)).toBe('Mar');
    expect(smsName(LONG, 0)).toBe('');
  });

  it('leaves out line breaks, repeated spaces and what has no GSM-7 form', () => {
    expect(smsName('  Fanta\n\tCamara  ', 40)).toBe('Fanta Camara');
    expect(smsName('محمد', 40)).toBe('');
    expect(smsName('Awa 👍 Bah', 40)).toBe('Awa Bah');
  });

  it('counts an extension character as 2', () => {
    expect(smsName('€€€', 4)).toBe('€€');
  });
});
