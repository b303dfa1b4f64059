import { Injectable } from '@nestjs/common';
import type { SearchTerms } from '@coursa/domain';
import { Prisma, type Merchant, type MerchantStatement } from '../../generated/prisma/client.js';
import { Keyset, type PageRequest, type RowsPage, type SqlColumns } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { containing } from '../../common/prisma/search-sql.js';

/** A merchant as the back office lists it: its profile and its account. */
export type ListedMerchant = Merchant & { fullName: string; phone: string; email: string | null };

/** A merchant's volume: courses ordered in a period and what they cost, and every course it ever ordered (cancelled ones aside). */
export interface MerchantVolume {
  periodCourses: number;
  periodAmount: number;
  totalCourses: number;
}

/** A course of a statement: what the statement shows of it and what it costs (`priceToPay`). */
export type StatementCourse = { id: string; number: number; merchantReference: string | null; deliveryTime: Date; estimatedPrice: number; discount: number; finalPrice: number | null };

export type SettledStatement = MerchantStatement & { settledBy: { fullName: string } };

/** What a settlement writes. */
export interface NewStatement {
  merchantId: string;
  month: string;
  amount: number;
  courseCount: number;
  reference: string | null;
  settledAt: Date;
  settledById: string;
}

/** The merchants' list order: newest first, the account's id breaking ties (index merchants (created_at, user_id)). */
const NEWEST_FIRST = new Keyset<{ createdAt: Date; userId: string }>([
  { field: 'createdAt', order: 'desc', kind: 'date' },
  { field: 'userId', order: 'desc', kind: 'uuid' },
]);
const NEWEST_COLUMNS: SqlColumns<{ createdAt: Date; userId: string }> = { createdAt: 'm.created_at', userId: 'm.user_id' };

const LISTED = Prisma.sql`
  m.user_id AS "userId", m.business_name AS "businessName", m.pickup_address AS "pickupAddress", m.pickup_latitude AS "pickupLatitude",
  m.pickup_longitude AS "pickupLongitude", m.pickup_instructions AS "pickupInstructions", m.pickup_contact_name AS "pickupContactName",
  m.pickup_contact_phone AS "pickupContactPhone", m.payment_terms::text AS "paymentTerms", m.created_at AS "createdAt", m.updated_at AS "updatedAt",
  u.full_name AS "fullName", u.phone, u.email`;

/** What staff write on a merchant's profile (issue 40). */
export type MerchantProfile = Pick<
  Merchant,
  'businessName' | 'pickupAddress' | 'pickupLatitude' | 'pickupLongitude' | 'pickupInstructions' | 'pickupContactName' | 'pickupContactPhone' | 'paymentTerms'
>;

/** Merchant accounts and their monthly statements (issue 40): the back office's list, the profile, the statements. */
@Injectable()
export class MerchantsRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * A page of the merchants, newest first, and how many match in all: every one, or those a search finds (the business
   * name or the account's name containing the text, case and accents aside, or the account of that phone).
   */
  async list(terms: SearchTerms | null, page: PageRequest): Promise<RowsPage<ListedMerchant> & { total: number }> {
    const found = terms
      ? Prisma.sql`(${Prisma.join(
          [containing(terms.text)('m.business_name'), containing(terms.text)('u.full_name'), ...(terms.phone ? [Prisma.sql`u.phone = ${terms.phone}`] : [])],
          ' OR ',
        )})`
      : Prisma.sql`TRUE`;
    const [rows, [counted]] = await Promise.all([
      this.prisma.client.$queryRaw<ListedMerchant[]>`
        SELECT ${LISTED} FROM merchants m JOIN users u ON u.id = m.user_id
        WHERE ${found} AND ${NEWEST_FIRST.sqlAfter(page.cursor, NEWEST_COLUMNS)}
        ORDER BY ${NEWEST_FIRST.sqlOrderBy(NEWEST_COLUMNS)} LIMIT ${NEWEST_FIRST.take(page)}::int`,
      this.prisma.client.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total FROM merchants m JOIN users u ON u.id = m.user_id WHERE ${found}`,
    ]);
    return { ...NEWEST_FIRST.page(rows, page), total: counted!.total };
  }

  /**
   * The volume of each of these merchants: the courses ordered in [start, end) and their price to pay (`priceToPay` of
   * libs/domain spelled in SQL), and all their courses; cancelled courses count nowhere. Merchants without courses are
   * absent.
   */
  async volumes(merchantIds: readonly string[], start: Date, end: Date): Promise<Map<string, MerchantVolume>> {
    if (!merchantIds.length) return new Map();
    const inPeriod = Prisma.sql`created_at >= ${start.toISOString()}::timestamp(3) AND created_at < ${end.toISOString()}::timestamp(3)`;
    const rows = await this.prisma.client.$queryRaw<(MerchantVolume & { merchantId: string })[]>`
      SELECT client_id AS "merchantId",
        (count(*) FILTER (WHERE ${inPeriod}))::int AS "periodCourses",
        (COALESCE(sum(COALESCE(final_price, GREATEST(estimated_price - discount, 0))) FILTER (WHERE ${inPeriod}), 0))::float8 AS "periodAmount",
        count(*)::int AS "totalCourses"
      FROM courses
      WHERE client_id = ANY(${[...merchantIds]}::uuid[]) AND status <> 'cancelled'
      GROUP BY client_id`;
    return new Map(rows.map(({ merchantId, ...volume }) => [merchantId, volume]));
  }

  findByUserId(userId: string): Promise<Merchant | null> {
    return this.prisma.client.merchant.findUnique({ where: { userId } });
  }

  /**
   * Locks the account staff make a merchant, if it is a client's that was not deleted (null otherwise): two saves of
   * one profile go one after the other.
   */
  async lockClientAccount(tx: Tx, userId: string): Promise<boolean> {
    const [locked] = await tx.$queryRaw<{ id: string }[]>`
      SELECT id FROM users WHERE id = ${userId}::uuid AND role = 'client' AND anonymized_at IS NULL FOR UPDATE`;
    return !!locked;
  }

  /** Locks a merchant's row and reads it (null when the account is no merchant): its settlements go one at a time. */
  async lockMerchant(tx: Tx, userId: string): Promise<Merchant | null> {
    const [locked] = await tx.$queryRaw<{ userId: string }[]>`SELECT user_id AS "userId" FROM merchants WHERE user_id = ${userId}::uuid FOR UPDATE`;
    return locked ? tx.merchant.findUnique({ where: { userId } }) : null;
  }

  findInTx(tx: Tx, userId: string): Promise<Merchant | null> {
    return tx.merchant.findUnique({ where: { userId } });
  }

  /** Creates the merchant profile of an account, or replaces it. */
  save(tx: Tx, userId: string, profile: MerchantProfile): Promise<Merchant> {
    return tx.merchant.upsert({ where: { userId }, create: { userId, ...profile }, update: profile });
  }

  /**
   * A merchant's courses on its statement for [start, end): delivered, paid `monthly_statement`, delivered within it;
   * in the order they were delivered.
   */
  statementCourses(merchantId: string, start: Date, end: Date, tx?: Tx): Promise<StatementCourse[]> {
    return (tx ?? this.prisma.client).course.findMany({
      where: { clientId: merchantId, status: 'delivered', paymentMethod: 'monthly_statement', deliveryTime: { gte: start, lt: end } },
      select: { id: true, number: true, merchantReference: true, deliveryTime: true, estimatedPrice: true, discount: true, finalPrice: true },
      orderBy: [{ deliveryTime: 'asc' }, { number: 'asc' }],
      // Delivered within the period: its delivery time is set.
    }) as Promise<StatementCourse[]>;
  }

  /** A month's settlement, if staff settled it, with who did. */
  findStatement(merchantId: string, month: string, tx?: Tx): Promise<SettledStatement | null> {
    return (tx ?? this.prisma.client).merchantStatement.findUnique({
      where: { merchantId_month: { merchantId, month } },
      include: { settledBy: { select: { fullName: true } } },
    });
  }

  /** Writes a settlement (merchant and month unique: of two, the database lets one in). */
  insertStatement(tx: Tx, statement: NewStatement): Promise<SettledStatement> {
    return tx.merchantStatement.create({ data: statement, include: { settledBy: { select: { fullName: true } } } });
  }
}
