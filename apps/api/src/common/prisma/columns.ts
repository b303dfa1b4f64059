import { Prisma } from '../../generated/prisma/client.js';

/** A field's column: the schema maps every field to its name in snake_case (`pickupLatitude` → `pickup_latitude`). */
export const columnOf = (field: string) => field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A value a raw statement writes as it is (a Date included), not one of Prisma's operations (`{ increment: 1 }`…). */
export const isPlainValue = (value: unknown) => value === null || typeof value !== 'object' || value instanceof Date;

/**
 * Every column of a model as its field (`c.pickup_latitude AS "pickupLatitude", …`), from its generated
 * `Prisma.<Model>ScalarFieldEnum`: a raw read answers the model's row as Prisma's query builder does, and a column added
 * to the schema is read with the others (prisma.service.spec.ts compares a course read so with findUnique). Or the
 * columns of some fields only, the keys of a `select` (the courier's offer).
 */
export function columnsOf(fields: Record<string, unknown>, alias: string): Prisma.Sql {
  return Prisma.raw(Object.keys(fields).map((field) => `${alias}.${columnOf(field)} AS "${field}"`).join(', '));
}

/** The columns of a course (`c`), as `findUnique` reads them. */
export const COURSE_COLUMNS = columnsOf(Prisma.CourseScalarFieldEnum, 'c');
