import type { z } from 'zod';

export type SchemaCheck<Output> = { ok: true; data: Output } | { ok: false; problem: string };

/**
 * A form's values checked with the API's own request schema (libs/contracts/src/schemas, « One schema per shape »):
 * what the API would send, as it would send it (trimmed, « vide » as null), or its first French message, shown before
 * any call. Import the schemas from `@coursa/contracts/schemas` in lazy screens only: they bring zod.
 */
export function checkWith<Schema extends z.ZodType>(schema: Schema, values: unknown): SchemaCheck<z.output<Schema>> {
  const checked = schema.safeParse(values);
  if (checked.success) return { ok: true, data: checked.data };
  return { ok: false, problem: checked.error.issues[0]?.message ?? 'Vérifiez le formulaire.' };
}
