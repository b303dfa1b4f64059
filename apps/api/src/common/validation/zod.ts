import { Injectable, type PipeTransform } from '@nestjs/common';
import { z } from 'zod';
import { badRequest, DomainError } from '../errors/domain-error.js';
import { frenchLocale } from './french-errors.js';

/** Default messages name the field; a schema's own message (the spec's texts) is kept as it is. */
const namingTheField = (issue: z.core.$ZodRawIssue) => {
  const message = frenchLocale.localeError(issue);
  const text = typeof message === 'string' ? message : message?.message;
  return issue.path?.length ? `Champ « ${issue.path.join('.')} » : ${text}` : text;
};

/** Validates a body, query or param against a zod schema; the first problem becomes a 400 `{detail, code}`. */
@Injectable()
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(
    private readonly schema: S,
    private readonly errorFor?: (issue: z.core.$ZodIssue) => DomainError | undefined,
  ) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value ?? {}, { error: namingTheField });
    if (result.success) return result.data;
    const issue = result.error.issues[0]!;
    throw this.errorFor?.(issue) ?? badRequest('VALIDATION_ERROR', issue.message);
  }
}

/** A trimmed, required text of bounded length. */
export const requiredText = (max: number, message?: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message ?? 'Ce champ est obligatoire.' })
    .max(max);

/** An optional text: '' and null mean "not given". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => (value ? value : null));
