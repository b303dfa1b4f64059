/**
 * SMS text in the GSM-7 alphabet (GSM 03.38 default table and its extension table, no national shift tables).
 * A text made only of these characters travels as 7-bit septets: one segment holds 160 of them (153 per part
 * once concatenated). A single character outside them (ï, ç, ê, «, —, an emoji) turns the whole message into
 * UCS-2, 70 characters a segment: the 162-character activation SMS with « Aïssatou » in it was 3 segments.
 */

const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** Each is sent as an escape septet then its own: 2 septets. */
const EXTENSION = '\f^{}\\[~]|€';

const basic = new Set(BASIC);
const extension = new Set(EXTENSION);
const isGsm7Char = (char: string) => basic.has(char) || extension.has(char);

/** Septets in one GSM-7 segment. */
export const GSM7_SEGMENT_SEPTETS = 160;
const GSM7_PART_SEPTETS = 153;
const UCS2_SEGMENT_UNITS = 70;
const UCS2_PART_UNITS = 67;

/** French and typographic characters outside GSM-7, with what stands for them. */
const REPLACEMENTS: Record<string, string> = {
  '\u2019': "'", // ’
  '\u2018': "'", // ‘
  '\u201a': "'", // ‚
  '`': "'",
  '\u00b4': "'", // ´
  '\u201c': '"', // “
  '\u201d': '"', // ”
  '\u201e': '"', // „
  '\u00ab': '"', // «
  '\u00bb': '"', // »
  '\u2013': '-', // –
  '\u2014': '-', // —
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2026': '...', // …
  '\u00a0': ' ', // non-breaking space
  '\u202f': ' ', // narrow non-breaking space
  '\u2009': ' ', // thin space
  '\t': ' ',
  '\u0153': 'oe', // œ
  '\u0152': 'OE', // Œ
  '\u00b0': 'o', // °
  '\u2022': '-', // •
};

/**
 * The text in GSM-7: characters GSM-7 has are kept (é è à ù ì ò É Ç Ä Ö Ñ Ü ä ö ñ ü Ø ø Å å Æ æ ß…), typographic
 * punctuation becomes its plain form (’ → ', « » → ", — → -, … → ..., non-breaking spaces → space, œ → oe), other
 * accented letters lose their accent (ï → i, ô → o, ç → c, ê → e), and anything else becomes `unknown` (« ? »).
 */
export function toGsm7(text: string, unknown = '?'): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isGsm7Char(char)) out += char;
    else if (char in REPLACEMENTS) out += REPLACEMENTS[char];
    else {
      const bare = char.normalize('NFD').replace(/\p{M}/gu, '');
      out += bare && [...bare].every(isGsm7Char) ? bare : unknown;
    }
  }
  return out;
}

/** Whether every character of the text is in GSM-7 (default or extension table). */
export function isGsm7(text: string): boolean {
  return [...text].every(isGsm7Char);
}

export interface SmsSize {
  encoding: 'GSM-7' | 'UCS-2';
  /** Septets for GSM-7 (an extension character counts 2), UTF-16 code units for UCS-2. */
  units: number;
  segments: number;
}

/** How the text travels: its encoding, its length in that encoding and how many segments it takes. */
export function smsSize(text: string): SmsSize {
  const chars = [...text];
  const gsm = chars.every(isGsm7Char);
  const sizes = gsm ? chars.map((char) => (extension.has(char) ? 2 : 1)) : chars.map((char) => char.length);
  const single = gsm ? GSM7_SEGMENT_SEPTETS : UCS2_SEGMENT_UNITS;
  const part = gsm ? GSM7_PART_SEPTETS : UCS2_PART_UNITS;
  const units = sizes.reduce((sum, size) => sum + size, 0);
  if (units <= single) return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments: units === 0 ? 0 : 1 };
  // Concatenated parts: an escape pair (GSM-7) or a surrogate pair (UCS-2) is never split across two.
  let segments = 1;
  let used = 0;
  for (const size of sizes) {
    if (used + size > part) {
      segments += 1;
      used = 0;
    }
    used += size;
  }
  return { encoding: gsm ? 'GSM-7' : 'UCS-2', units, segments };
}

/** The text's length in GSM-7 septets (an extension character such as € or { counts 2); only for GSM-7 text. */
export function smsLength(text: string): number {
  return [...text].reduce((sum, char) => sum + (extension.has(char) ? 2 : 1), 0);
}

/** Whether the text goes as one GSM-7 segment: only GSM-7 characters, at most 160 septets. */
export function isOneGsm7Segment(text: string): boolean {
  return isGsm7(text) && smsLength(text) <= GSM7_SEGMENT_SEPTETS;
}

/**
 * A person's name for an SMS, in GSM-7 and at most `maxSeptets` long: the whole name when it fits, else as many of
 * its first words as fit, else as many parts of a hyphenated first name (« Marie » of « Marie-Aïssatou »), else
 * its first word cut. Characters with no GSM-7 form are left out (a name in another script gives ''), and so are
 * line breaks and repeated spaces.
 */
export function smsName(fullName: string, maxSeptets: number): string {
  const words = toGsm7(fullName, '')
    .replace(/[\s\f]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean);
  if (words.length === 0) return '';
  const fitting = (parts: string[], separator: string) => {
    let name = '';
    for (const part of parts) {
      const longer = name ? `${name}${separator}${part}` : part;
      if (smsLength(longer) > maxSeptets) break;
      name = longer;
    }
    return name;
  };
  const name = fitting(words, ' ') || fitting(words[0]!.split('-').filter(Boolean), '-');
  if (name) return name;
  // « N'Faly » cut short reads better without its last sign.
  return fitting([...words[0]!], '').replace(/[-'.]+$/, '');
}
