import { CURSOR_INVALID_MESSAGE } from '@coursa/contracts/schemas';
import { Prisma } from '../../generated/prisma/client.js';
import { badRequest } from '../errors/domain-error.js';
import { isUuid } from '../validation/params.js';

/**
 * Lists come in pages (README "Lists come in pages"): keyset pagination, never OFFSET. A list is sorted by a few keys
 * ending with a unique one (the id); a page's cursor is the sort keys of its last item, base64url-encoded JSON, and
 * the next page is the rows strictly after it in that order. The cursor only says where to resume: the caller's own
 * filters (whose rows) still decide what a page can hold.
 */

/** What a list is asked for: how many items, and after which one. */
export interface PageRequest {
  limit: number;
  /** The previous page's next_cursor. */
  cursor?: string;
}

/** A page as a repository returns it: its rows and the cursor of the next page (null on the last one). */
export interface RowsPage<Row> {
  rows: Row[];
  nextCursor: string | null;
}

const invalidCursor = () => badRequest('VALIDATION_ERROR', CURSOR_INVALID_MESSAGE);

// A list's `limit` and `cursor` fields are part of its request schema, in the contracts.
export { pageFields, PageQuerySchema } from '@coursa/contracts/schemas';

/** A sort key's type: a timestamp, a uuid, a whole number, a text, or an enum's values in their declared order. */
export type KeyKind = 'date' | 'uuid' | 'integer' | 'text' | readonly string[];
type KeyValue = Date | string | number;

export interface SortKey<Row> {
  field: keyof Row & string;
  order: 'asc' | 'desc';
  kind: KeyKind;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The JSON form of a key's value in a cursor, or undefined when the value cannot be that kind. */
function decodeValue(kind: KeyKind, value: unknown): KeyValue | undefined {
  if (kind === 'date') {
    if (typeof value !== 'string' || !ISO_DATE.test(value)) return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) || date.toISOString() !== value ? undefined : date;
  }
  if (kind === 'uuid') return isUuid(value) ? value : undefined;
  if (kind === 'integer') return Number.isSafeInteger(value) ? (value as number) : undefined;
  if (kind === 'text') return typeof value === 'string' && value.length <= 200 ? value : undefined;
  return typeof value === 'string' && kind.includes(value) ? value : undefined;
}

const encodeValue = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

/** A key's value as a typed SQL parameter (Prisma's timestamps have no time zone and hold UTC: the ISO text says it). */
function sqlValue(kind: KeyKind, value: KeyValue): Prisma.Sql {
  if (kind === 'date') return Prisma.sql`${(value as Date).toISOString()}::timestamp(3)`;
  if (kind === 'uuid') return Prisma.sql`${value}::uuid`;
  if (kind === 'integer') return Prisma.sql`${value}::int`;
  if (kind === 'text') return Prisma.sql`${value}::text`;
  // An enum: PostgreSQL compares it by its declared order, as the key does, once it takes the column's type.
  return Prisma.sql`${value}`;
}

/** The column of each sort key in a raw SQL statement (trusted names, e.g. `c.created_at`). */
export type SqlColumns<Row> = Record<keyof Row & string, string>;

/**
 * One list's order and its cursors. `Where` and `OrderBy` are the Prisma input types of the list's model, so the
 * clauses it builds go straight into `findMany`; `sqlOrderBy` and `sqlAfter` say the same in raw SQL.
 */
export class Keyset<Row, Where = never, OrderBy = never> {
  constructor(private readonly keys: readonly [...SortKey<Row>[], SortKey<Row>]) {}

  /** The list's order, for `findMany`. */
  get orderBy(): OrderBy[] {
    return this.keys.map((key) => ({ [key.field]: key.order }) as OrderBy);
  }

  /** How many rows to fetch: one more than the page holds tells whether another page follows. */
  take(page: PageRequest): number {
    return page.limit + 1;
  }

  /**
   * The rows after the cursor's, in the list's order, as a Prisma where clause: `(k1, k2, …) > (v1, v2, …)` spelled
   * out as `k1 > v1 OR (k1 = v1 AND k2 > v2) OR …` (Prisma has no row comparison), with `<` for descending keys and
   * `in` the later values for an enum. Matches everything without a cursor. A cursor not made by this list is a 400.
   */
  after(cursor: string | undefined): Where {
    if (cursor === undefined) return {} as Where;
    const values = this.decode(cursor);
    const branches = this.keys.map((key, index) => {
      const equal = Object.fromEntries(this.keys.slice(0, index).map((earlier, at) => [earlier.field, values[at]]));
      return { ...equal, [key.field]: this.beyond(key, values[index]!) };
    });
    return { OR: branches } as Where;
  }

  /**
   * Reads one page: `find` runs the model's findMany with the list's filter and the cursor's where clause, its order
   * and one row more than the page holds (add the includes).
   */
  async read<T extends Row>(page: PageRequest, filter: Where, find: (args: { where: Where; orderBy: OrderBy[]; take: number }) => Promise<T[]>): Promise<RowsPage<T>> {
    const where = { AND: [filter, this.after(page.cursor)] } as Where;
    return this.page(await find({ where, orderBy: this.orderBy, take: this.take(page) }), page);
  }

  /** The list's order for a raw SQL statement (a list whose query Prisma's builder makes too costly). */
  sqlOrderBy(columns: SqlColumns<Row>): Prisma.Sql {
    return Prisma.raw(this.keys.map((key) => `${columns[key.field]} ${key.order === 'desc' ? 'DESC' : 'ASC'}`).join(', '));
  }

  /**
   * The rows after the cursor's, for a raw SQL statement: a row comparison `(k1, k2) < (v1, v2)` when every key goes
   * the same way (PostgreSQL then seeks the index), spelled out otherwise; `TRUE` without a cursor. A cursor not made
   * by this list is a 400.
   */
  sqlAfter(cursor: string | undefined, columns: SqlColumns<Row>): Prisma.Sql {
    if (cursor === undefined) return Prisma.sql`TRUE`;
    const values = this.decode(cursor).map((value, index) => sqlValue(this.keys[index]!.kind, value));
    const column = (key: SortKey<Row>) => Prisma.raw(columns[key.field]);
    const beyond = (key: SortKey<Row>) => Prisma.raw(key.order === 'desc' ? '<' : '>');
    if (this.keys.every((key) => key.order === this.keys[0]!.order)) {
      return Prisma.sql`(${Prisma.join(this.keys.map(column))}) ${beyond(this.keys[0]!)} (${Prisma.join(values)})`;
    }
    const branches = this.keys.map((key, index) => {
      const equal = this.keys.slice(0, index).map((earlier, at) => Prisma.sql`${column(earlier)} = ${values[at]!}`);
      return Prisma.sql`(${Prisma.join([...equal, Prisma.sql`${column(key)} ${beyond(key)} ${values[index]!}`], ' AND ')})`;
    });
    return Prisma.sql`(${Prisma.join(branches, ' OR ')})`;
  }

  /** Cuts the rows fetched with `take` into the page and the cursor of the next one. */
  page<T extends Row>(rows: T[], page: PageRequest): RowsPage<T> {
    if (rows.length <= page.limit) return { rows, nextCursor: null };
    const shown = rows.slice(0, page.limit);
    return { rows: shown, nextCursor: this.cursorOf(shown.at(-1)!) };
  }

  /**
   * As `page`, and the page also ends before its rows' weights add up to more than `budget` (it holds one row at least):
   * for a list whose rows carry lists of their own, so that a page stays the same size whatever they hold.
   */
  pageWithin<T extends Row>(rows: T[], page: PageRequest, weightOf: (row: T) => number, budget: number): RowsPage<T> {
    const cut = this.page(rows, page);
    let weight = 0;
    const fits = cut.rows.findIndex((row, index) => (weight += weightOf(row)) > budget && index > 0);
    if (fits === -1) return cut;
    const shown = cut.rows.slice(0, fits);
    return { rows: shown, nextCursor: this.cursorOf(shown.at(-1)!) };
  }

  cursorOf(row: Row): string {
    return Buffer.from(JSON.stringify(this.valuesOf(row).map(encodeValue))).toString('base64url');
  }

  private valuesOf(row: Row): KeyValue[] {
    return this.keys.map((key) => row[key.field] as KeyValue);
  }

  private decode(cursor: string): KeyValue[] {
    // Node's base64url decoder skips characters outside the alphabet: they would make two texts one cursor.
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor();
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw invalidCursor();
    }
    if (!Array.isArray(parsed) || parsed.length !== this.keys.length) throw invalidCursor();
    const values = this.keys.map((key, index) => decodeValue(key.kind, parsed[index]));
    if (values.some((value) => value === undefined)) throw invalidCursor();
    return values as KeyValue[];
  }

  /** The filter of one key's values that come after `value` in the list's order. */
  private beyond(key: SortKey<Row>, value: KeyValue): unknown {
    const descending = key.order === 'desc';
    if (typeof key.kind === 'object') {
      const at = key.kind.indexOf(value as string);
      return { in: descending ? key.kind.slice(0, at) : key.kind.slice(at + 1) };
    }
    return descending ? { lt: value } : { gt: value };
  }
}

/** The usual order of a list: newest first, the id breaking ties (the model's Prisma where and orderBy types). */
export const newestFirst = <Where, OrderBy>() =>
  new Keyset<{ createdAt: Date; id: string }, Where, OrderBy>([
    { field: 'createdAt', order: 'desc', kind: 'date' },
    { field: 'id', order: 'desc', kind: 'uuid' },
  ]);
