import { Injectable } from '@nestjs/common';
import type { CourierRatingsDto, RatingCreatedResponse, RatingDto } from '@coursa/contracts';
import type { CreateRatingInput } from '@coursa/contracts/schemas';
import { Prisma } from '../../generated/prisma/client.js';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { RatingErrors } from './ratings.errors.js';
import { RatingsRepository, type RatingWithNames } from './ratings.repository.js';

/** The courier's ratings screen shows the 10 newest (spec §9). */
const LATEST_SHOWN = 10;
const STARS_HIGH_TO_LOW = [5, 4, 3, 2, 1];

@Injectable()
export class RatingsService {
  constructor(
    private readonly ratings: RatingsRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  /** The client of a delivered course rates its courier, once. */
  async rate(client: AuthUser, input: CreateRatingInput, ip?: string): Promise<RatingCreatedResponse> {
    const course = await this.ratings.findCourse(input.course_id);
    if (!course || course.clientId !== client.id) throw CourseErrors.notFound();
    if (course.status !== 'delivered') throw RatingErrors.notDelivered();
    // Staff may close a course as delivered without a courier: there is nobody to rate.
    if (!course.courierId) throw RatingErrors.noCourier();
    try {
      const courierId = course.courierId;
      // The rating, the courier's recomputed average and the audit row, in one transaction.
      const rating = await this.uow.run(async (tx) => {
        await this.ratings.lockCourier(tx, courierId);
        const created = await this.ratings.create(tx, { courseId: input.course_id, clientId: client.id, courierId, rating: input.rating, comment: input.comment });
        await this.ratings.recountCourier(tx, courierId);
        await this.audit.record(
          {
            actorId: client.id,
            actorRole: 'client',
            action: 'course_rated',
            resourceType: 'course',
            resourceId: input.course_id,
            success: true,
            ip,
            details: { rating: input.rating, courierId },
          },
          tx,
        );
        return created;
      });
      return { message: 'Merci pour votre évaluation !', rating: toRatingDto(rating) };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw RatingErrors.alreadyRated();
      throw error;
    }
  }

  async courierRatings(courier: AuthUser): Promise<CourierRatingsDto> {
    const [counts, latest] = await Promise.all([this.ratings.countsByRating(courier.id), this.ratings.latestForCourier(courier.id, LATEST_SHOWN)]);
    const perStar = STARS_HIGH_TO_LOW.map((rating) => ({ rating, count: counts.get(rating) ?? 0 }));
    const total = perStar.reduce((sum, star) => sum + star.count, 0);
    const points = perStar.reduce((sum, star) => sum + star.rating * star.count, 0);
    const percentages = wholePercentages(perStar.map((star) => star.count), total);
    return {
      average: total ? Math.round((points / total) * 100) / 100 : null,
      total,
      distribution: perStar.map((star, index) => ({ ...star, percentage: percentages[index]! })),
      latest: latest.map(toRatingDto),
    };
  }
}

/**
 * Whole percentages that add up to exactly 100 (largest remainder): each share is rounded down, then the
 * points still missing go to the largest remainders, the first listed winning a tie.
 */
function wholePercentages(counts: number[], total: number): number[] {
  if (total === 0) return counts.map(() => 0);
  const shares = counts.map((count, index) => ({ index, floor: Math.floor((count * 100) / total), remainder: (count * 100) % total }));
  const missing = 100 - shares.reduce((sum, share) => sum + share.floor, 0);
  const topped = new Set([...shares].sort((a, b) => b.remainder - a.remainder).slice(0, missing).map((share) => share.index));
  return shares.map((share) => share.floor + (topped.has(share.index) ? 1 : 0));
}

function toRatingDto(rating: RatingWithNames): RatingDto {
  return {
    course_id: rating.courseId,
    rating: rating.rating,
    comment: rating.comment,
    client_name: rating.client.fullName,
    course_date: rating.course.createdAt.toISOString(),
    created_at: rating.createdAt.toISOString(),
  };
}
