import { Injectable } from '@nestjs/common';
import type { Course, Rating, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

const WITH_NAMES = { client: { select: { fullName: true } }, course: { select: { createdAt: true } } } as const;

export type RatingWithNames = Rating & { client: Pick<User, 'fullName'>; course: Pick<Course, 'createdAt'> };

export type NewRating = Pick<Rating, 'courseId' | 'clientId' | 'courierId' | 'rating' | 'comment'>;

@Injectable()
export class RatingsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourse(id: string): Promise<Pick<Course, 'clientId' | 'courierId' | 'status'> | null> {
    return this.prisma.client.course.findUnique({ where: { id }, select: { clientId: true, courierId: true, status: true } });
  }

  /** Locks the courier's row: ratings of one courier queue there, so each recount sees every earlier rating. */
  async lockCourier(tx: Tx, courierId: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${courierId}::uuid FOR UPDATE`;
  }

  /** The unique key on the course refuses a second rating (P2002), even from a racing request. */
  create(tx: Tx, rating: NewRating): Promise<RatingWithNames> {
    return tx.rating.create({ data: rating, include: WITH_NAMES });
  }

  /** The courier's average and count, recomputed from the ratings table. */
  async recountCourier(tx: Tx, courierId: string): Promise<void> {
    await tx.$executeRaw`
      UPDATE users
      SET (rating, rating_count) = (SELECT round(avg(r.rating)::numeric, 2)::float8, count(*) FROM ratings r WHERE r.courier_id = ${courierId}::uuid),
          updated_at = now()
      WHERE id = ${courierId}::uuid`;
  }


  async countsByRating(courierId: string): Promise<Map<number, number>> {
    const groups = await this.prisma.client.rating.groupBy({ by: ['rating'], where: { courierId }, _count: { _all: true } });
    return new Map(groups.map((group) => [group.rating, group._count._all]));
  }

  latestForCourier(courierId: string, count: number): Promise<RatingWithNames[]> {
    return this.prisma.client.rating.findMany({ where: { courierId }, include: WITH_NAMES, orderBy: { createdAt: 'desc' }, take: count });
  }
}
