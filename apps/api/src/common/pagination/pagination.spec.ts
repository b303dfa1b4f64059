import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { ZodPipe } from '../validation/zod.js';
import { Keyset, pageFields, type PageRequest } from './pagination.js';

const LIMIT_ERROR = { status: 400, code: 'VALIDATION_ERROR', detail: 'Le paramètre « limit » doit être un nombre entier entre 1 et 100.' };
const CURSOR_ERROR = { status: 400, code: 'VALIDATION_ERROR', detail: 'Le paramètre « cursor » est invalide : rechargez la liste depuis le début.' };

describe('pageFields', () => {
  const pipe = new ZodPipe(z.object({ ...pageFields() }).loose());

  it('reads 20 items when the limit is left out or empty, else the limit asked, 1 to 100', () => {
    expect(pipe.transform({})).toEqual({ limit: 20 });
    expect(pipe.transform({ limit: '' })).toEqual({ limit: 20 });
    expect(pipe.transform({ limit: '1' })).toEqual({ limit: 1 });
    expect(pipe.transform({ limit: '100', cursor: 'abc' })).toEqual({ limit: 100, cursor: 'abc' });
  });

  it('takes a list’s own default', () => {
    expect(new ZodPipe(z.object(pageFields(50))).transform({})).toEqual({ limit: 50 });
  });

  it('refuses any other limit with a French message naming it', () => {
    for (const limit of ['0', '101', '1000', '-1', '1.5', '01', ' 5', '1e1', '0x10', 'abc', ['1', '2']]) {
      expect(() => pipe.transform({ limit })).toThrow(expect.objectContaining(LIMIT_ERROR));
    }
  });

  it('takes an empty cursor as none, and refuses one that is not a short text', () => {
    expect(pipe.transform({ cursor: '' })).toEqual({ limit: 20 });
    expect(() => pipe.transform({ cursor: ['a', 'b'] })).toThrow(expect.objectContaining(CURSOR_ERROR));
    expect(() => pipe.transform({ cursor: 'a'.repeat(513) })).toThrow(expect.objectContaining(CURSOR_ERROR));
  });
});

interface Row {
  id: string;
  createdAt: Date;
  status: 'open' | 'in_review' | 'closed';
  amount: number;
  name: string;
}

const STATUSES = ['open', 'in_review', 'closed'] as const;
const newestFirst = new Keyset<Row, object, object>([
  { field: 'createdAt', order: 'desc', kind: 'date' },
  { field: 'id', order: 'desc', kind: 'uuid' },
]);
const byStatusThenOldest = new Keyset<Row, object, object>([
  { field: 'status', order: 'asc', kind: STATUSES },
  { field: 'createdAt', order: 'asc', kind: 'date' },
  { field: 'id', order: 'asc', kind: 'uuid' },
]);

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const at = new Date('2026-05-04T10:20:30.123Z');
const row = (n: number, fields: Partial<Row> = {}): Row => ({ id: id(n), createdAt: at, status: 'open', amount: 0, name: '', ...fields });

describe('Keyset', () => {
  it('gives the order for findMany', () => {
    expect(newestFirst.orderBy).toEqual([{ createdAt: 'desc' }, { id: 'desc' }]);
  });

  it('matches every row without a cursor', () => {
    expect(newestFirst.after(undefined)).toEqual({});
  });

  it('resumes strictly after the cursor’s row, key after key', () => {
    const cursor = newestFirst.cursorOf(row(7));
    expect(newestFirst.after(cursor)).toEqual({
      OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id(7) } }],
    });
  });

  it('compares an enum by its declared order (Prisma has no < on enums)', () => {
    const cursor = byStatusThenOldest.cursorOf(row(3, { status: 'in_review' }));
    expect(byStatusThenOldest.after(cursor)).toEqual({
      OR: [
        { status: { in: ['closed'] } },
        { status: 'in_review', createdAt: { gt: at } },
        { status: 'in_review', createdAt: at, id: { gt: id(3) } },
      ],
    });
  });

  it('says the same order and cursor in raw SQL: one row comparison when every key goes the same way', () => {
    const columns = { createdAt: 'c.created_at', id: 'c.id' } as const;
    expect(newestFirst.sqlOrderBy(columns as never).text).toBe('c.created_at DESC, c.id DESC');
    expect(newestFirst.sqlAfter(undefined, columns as never).text).toBe('TRUE');
    const after = newestFirst.sqlAfter(newestFirst.cursorOf(row(7)), columns as never);
    expect(after.text).toBe('(c.created_at,c.id) < ($1::timestamp(3),$2::uuid)');
    expect(after.values).toEqual([at.toISOString(), id(7)]);
  });

  it('spells the cursor out in raw SQL when the keys go different ways', () => {
    const pendingFirstThenNewest = new Keyset<Row>([
      { field: 'status', order: 'asc', kind: STATUSES },
      { field: 'createdAt', order: 'desc', kind: 'date' },
      { field: 'id', order: 'desc', kind: 'uuid' },
    ]);
    const columns = { status: 'status', createdAt: 'created_at', id: 'id' };
    const after = pendingFirstThenNewest.sqlAfter(pendingFirstThenNewest.cursorOf(row(3, { status: 'in_review' })), columns as never);
    expect(after.text).toBe(
      '((status > $1) OR (status = $2 AND created_at < $3::timestamp(3)) OR (status = $4 AND created_at = $5::timestamp(3) AND id < $6::uuid))',
    );
    expect(after.values).toEqual(['in_review', 'in_review', at.toISOString(), 'in_review', at.toISOString(), id(3)]);
    expect(() => pendingFirstThenNewest.sqlAfter('garbage!', columns as never)).toThrow(expect.objectContaining(CURSOR_ERROR));
  });

  it('cuts the rows fetched with one more than the limit into a page and the next cursor', () => {
    const page: PageRequest = { limit: 2 };
    expect(newestFirst.take(page)).toBe(3);
    const rows = [row(3), row(2), row(1)];
    expect(newestFirst.page(rows, page)).toEqual({ rows: [row(3), row(2)], nextCursor: newestFirst.cursorOf(row(2)) });
    expect(newestFirst.page(rows.slice(0, 2), page)).toEqual({ rows: [row(3), row(2)], nextCursor: null });
    expect(newestFirst.page([], page)).toEqual({ rows: [], nextCursor: null });
  });

  it('reads a page through findMany: the filter and the cursor together, the order, one row more than the page', async () => {
    const asked: unknown[] = [];
    const page = await newestFirst.read({ limit: 1, cursor: newestFirst.cursorOf(row(9)) }, { clientId: 'k' }, async (args) => {
      asked.push(args);
      return [row(8), row(7)];
    });
    expect(asked).toEqual([
      {
        where: { AND: [{ clientId: 'k' }, { OR: [{ createdAt: { lt: at } }, { createdAt: at, id: { lt: id(9) } }] }] },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: 2,
      },
    ]);
    expect(page).toEqual({ rows: [row(8)], nextCursor: newestFirst.cursorOf(row(8)) });
  });

  it('refuses a cursor it did not make: garbage, another list’s, or values of the wrong kind', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const garbage = [
      'garbage!',
      'bm90IGpzb24',
      encode({ createdAt: at }),
      encode([at.toISOString()]),
      encode([at.toISOString(), id(1), 'extra']),
      encode(['2026-05-04', id(1)]),
      encode(['2026-02-30T10:20:30.123Z', id(1)]),
      encode([at.toISOString(), 'not-a-uuid']),
      encode([at.getTime(), id(1)]),
      byStatusThenOldest.cursorOf(row(1)),
    ];
    for (const cursor of garbage) expect(() => newestFirst.after(cursor)).toThrow(expect.objectContaining(CURSOR_ERROR));
    expect(() => byStatusThenOldest.after(encode(['archived', at.toISOString(), id(1)]))).toThrow(expect.objectContaining(CURSOR_ERROR));
  });

  it('ends a page before its rows weigh more than the budget, with one row at least', () => {
    const byAmount = new Keyset<Row>([
      { field: 'amount', order: 'desc', kind: 'integer' },
      { field: 'id', order: 'asc', kind: 'uuid' },
    ]);
    // Weights: 9 → 1, 7 → 150, 5 → 60, 3 → 500, 1 → 10 (the amount of the row is its place, the name its weight).
    const rows = [row(1, { amount: 9, name: '1' }), row(2, { amount: 7, name: '150' }), row(3, { amount: 5, name: '60' }), row(4, { amount: 3, name: '500' }), row(5, { amount: 1, name: '10' })];
    const weight = (shown: Row) => Number(shown.name);
    // Each page is cut from the rows fetched after the previous page's last, `take` of them.
    const fetched = (from: number) => rows.slice(from, from + byAmount.take({ limit: 3 }));
    expect(byAmount.pageWithin(fetched(0), { limit: 3 }, weight, 200)).toEqual({ rows: [rows[0], rows[1]], nextCursor: byAmount.cursorOf(rows[1]!) });
    expect(byAmount.pageWithin(fetched(2), { limit: 3 }, weight, 200)).toEqual({ rows: [rows[2]], nextCursor: byAmount.cursorOf(rows[2]!) });
    expect(byAmount.pageWithin(fetched(3), { limit: 3 }, weight, 200)).toEqual({ rows: [rows[3]], nextCursor: byAmount.cursorOf(rows[3]!) });
    expect(byAmount.pageWithin(fetched(4), { limit: 3 }, weight, 200)).toEqual({ rows: [rows[4]], nextCursor: null });
    // Within the budget, the limit still ends the page.
    expect(byAmount.pageWithin(rows.slice(0, 2), { limit: 1 }, () => 1, 200)).toEqual({ rows: [rows[0]], nextCursor: byAmount.cursorOf(rows[0]!) });
    expect(byAmount.pageWithin([...rows], { limit: 10 }, () => 1, 200)).toEqual({ rows: rows, nextCursor: null });
  });
});
