import { Injectable } from '@nestjs/common';
import type { Course, Rating, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';

const WITH_NAMES = { client: { select: { fullName: true } }, course: { select: { createdAt: true } } } as const;

export type RatingWithNames = Rating & { client: Pick<User, 'fullName'>; course: Pick<Course, 'createdAt'> };

export type NewRating = Pick<Rating, 'courseId' | 'clientId' | 'courierId' | 'rating' | 'comment'>;

@Injectable()
export class RatingsRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  findCourse(id: string): Promise<Pick<Course, 'clientId' | 'courierId' | 'status'> | null> {
    return this.prisma.client.course.findUnique({ where: { id }, select: { clientId: true, courierId: true, status: true } });
  }

  /**
   * Stores the rating and recomputes the courier's average and count from the ratings table, in one
   * transaction. The unique key on the course refuses a second rating (P2002), even from a racing request.
   */
  create(rating: NewRating, ip: string | undefined): Promise<RatingWithNames> {
    return this.prisma.client.$transaction(async (tx) => {
      // Ratings of one courier queue here, so each recount (a later statement) sees every earlier rating.
      await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${rating.courierId}::uuid FOR UPDATE`;
      const created = await tx.rating.create({ data: rating, include: WITH_NAMES });
      await tx.$executeRaw`
        UPDATE users
        SET (rating, rating_count) = (SELECT round(avg(r.rating)::numeric, 2)::float8, count(*) FROM ratings r WHERE r.courier_id = ${rating.courierId}::uuid),
            updated_at = now()
        WHERE id = ${rating.courierId}::uuid`;
      await this.audit.record(
        {
          actorId: rating.clientId,
          actorRole: 'client',
          action: 'course_rated',
          resourceType: 'course',
          resourceId: rating.courseId,
          success: true,
          ip,
          details: { rating: rating.rating, courierId: rating.courierId },
        },
        tx,
      );
      return created;
    });
  }

  async countsByRating(courierId: string): Promise<Map<number, number>> {
    const groups = await this.prisma.client.rating.groupBy({ by: ['rating'], where: { courierId }, _count: { _all: true } });
    return new Map(groups.map((group) => [group.rating, group._count._all]));
  }

  latestForCourier(courierId: string, count: number): Promise<RatingWithNames[]> {
    return this.prisma.client.rating.findMany({ where: { courierId }, include: WITH_NAMES, orderBy: { createdAt: 'desc' }, take: count });
  }
}
