import { SEARCH_LENGTH, SEARCH_MESSAGES } from '@coursa/domain';
import { z } from 'zod';
import { PAGE_SIZE } from '../pagination.js';

/** A trimmed, required text of bounded length. */
export const requiredText = (max: number, message?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message ?? 'Ce champ est obligatoire.' })
    .max(max);

/** A screen's "all" filter may send the parameter empty: that means no filter. */
export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An optional text: '' and null mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));

const LIMIT_MESSAGE = `Le paramètre « limit » doit être un nombre entier entre 1 et ${PAGE_SIZE.max}.`;
/** A cursor no list made, or from another list. */
export const CURSOR_INVALID_MESSAGE = 'Le paramètre « cursor » est invalide : rechargez la liste depuis le début.';
/** Far longer than any list's cursor: a few dates, ids and numbers. */
const MAX_CURSOR_LENGTH = 512;

const blankAsMissing = (value: unknown) => (value === '' ? undefined : value);

/**
 * The `limit` and `cursor` fields of a list's query schema, to spread into it. `limit` is 1 to 100 written in plain
 * digits (20 when left out or empty, or the list's own default); `cursor` is checked against the list's keys later.
 */
export const pageFields = (defaultLimit: number = PAGE_SIZE.default) => ({
  limit: z.preprocess(
    (value) => blankAsMissing(value) ?? String(defaultLimit),
    z
      .string({ error: LIMIT_MESSAGE })
      .regex(/^[1-9]\d{0,2}$/, { error: LIMIT_MESSAGE })
      .transform(Number)
      .pipe(z.number().max(PAGE_SIZE.max, { error: LIMIT_MESSAGE })),
  ),
  cursor: z.preprocess(blankAsMissing, z.string({ error: CURSOR_INVALID_MESSAGE }).max(MAX_CURSOR_LENGTH, { error: CURSOR_INVALID_MESSAGE }).optional()),
});

/** The query of a list without filters of its own. */
export const PageQuerySchema = z.object(pageFields()).loose();

/**
 * The back office's search text (`q`, issue 38): trimmed; empty or blank means no search; 2 to 100 characters. What it
 * can mean (a number, a phone, a name…) is read by `searchTerms` in libs/domain.
 */
export const searchField = (example: string, description: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() || undefined : value),
    z
      .string({ error: SEARCH_MESSAGES.notText })
      .min(SEARCH_LENGTH.min, { error: SEARCH_MESSAGES.tooShort })
      .max(SEARCH_LENGTH.max, { error: SEARCH_MESSAGES.tooLong })
      .optional()
      .meta({ description, example }),
  );
