import { Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { badRequest, DomainError } from '../errors/domain-error.js';
import { frenchLocale } from '../config/french-errors.js';

/** Default messages name the field; a schema's own message (the spec's texts) is kept as it is. */
const namingTheField = (issue: z.core.$ZodRawIssue) => {
  const message = frenchLocale.localeError(issue);
  const text = typeof message === 'string' ? message : message?.message;
  return issue.path?.length ? `Champ « ${issue.path.join('.')} » : ${text}` : text;
};

const NUL_MESSAGE = "Le caractère nul (\\0) n'est autorisé dans aucun champ.";

/** PostgreSQL text cannot hold U+0000: no field of the API takes it, wherever it hides in the input. */
function hasNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 32) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulCharacter(item, depth + 1));
}

/** Validates a body, query or param against a zod schema; the first problem becomes a 400 `{detail, code}`. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    /** Also read by the OpenAPI document, which describes each route with the schema it validates with. */
    readonly schema: S,
    private readonly errorFor?: (issue: z.core.$ZodIssue) => DomainError | undefined,
  ) {}

  transform(value: unknown): z.output<S> {
    if (hasNulCharacter(value)) throw badRequest('VALIDATION_ERROR', NUL_MESSAGE);
    const result = this.schema.safeParse(value ?? {}, { error: namingTheField });
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw this.errorFor?.(issue) ?? badRequest('VALIDATION_ERROR', issue.message);
  }
}

// The fields request schemas are made of live with those schemas, in the contracts.
export { optionalFilter, optionalText, requiredText } from '@coursa/contracts/schemas';
