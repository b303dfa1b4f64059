import { Injectable } from '@nestjs/common';
import { PrismaService } from '../../common/prisma/prisma.service.js';

/**
 * The course behind a tracking token's hash, with only what the recipient's page may show, and what it is computed from
 * but never shows (the courier's id for the position, the points for the ETA, the price for the cash to hand over).
 */
@Injectable()
export class RecipientTrackingRepository {
  constructor(private readonly prisma: PrismaService) {}

  findByTokenHash(hash: string) {
    return this.prisma.client.course.findUnique({
      where: { trackingTokenHash: hash },
      select: {
        status: true,
        courierId: true,
        deliveryAddress: true,
        pickupLatitude: true,
        pickupLongitude: true,
        deliveryLatitude: true,
        deliveryLongitude: true,
        createdAt: true,
        assignedAt: true,
        pickupTime: true,
        deliveryTime: true,
        cancelledAt: true,
        paymentMethod: true,
        estimatedPrice: true,
        discount: true,
        finalPrice: true,
        courier: { select: { fullName: true } },
      },
    });
  }
}

export type TrackedCourse = NonNullable<Awaited<ReturnType<RecipientTrackingRepository['findByTokenHash']>>>;
