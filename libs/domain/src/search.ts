import { parseCourseNumber } from './courses.js';
import { toGuineanMobile } from './phone.js';
import { parseUserNumber } from './roles.js';

/**
 * The back office's search box (issue 38): what it takes, from 2 characters (one letter finds everything) to 100 (more
 * than any name, number or address).
 */
export const SEARCH_LENGTH = { min: 2, max: 100 } as const;

export const SEARCH_MESSAGES = {
  tooShort: `La recherche doit contenir au moins ${SEARCH_LENGTH.min} caractères.`,
  tooLong: `La recherche ne peut pas dépasser ${SEARCH_LENGTH.max} caractères.`,
  notText: 'La recherche doit être un texte (un seul paramètre « q »).',
} as const;

/** What one search text can mean: the same text is looked for in every way it can be read. */
export interface SearchTerms {
  /** Trimmed, its runs of spaces made one: names, addresses and e-mails containing it (case and accents aside). */
  text: string;
  /** The Guinean mobile it is, in E.164, whatever its format (`622 12 34 56`, `+224622123456`, `00224 622-12-34-56`). */
  phone: string | null;
  /** The course it names (`CRS-000123`, `000123`, `123`). */
  courseNumber: number | null;
  /** The account it names (`USR-000042`). */
  userNumber: number | null;
}

export function searchTerms(input: string): SearchTerms {
  const text = input.trim().replace(/\s+/g, ' ');
  return { text, phone: toGuineanMobile(text), courseNumber: parseCourseNumber(text), userNumber: parseUserNumber(text) };
}
