import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import type { Prisma } from '../../generated/prisma/client.js';
import { newestFirst, type PageRequest, type RowsPage } from '../../common/pagination/pagination.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { V1_DELIVERY_INCLUDE, type V1DeliveryView } from './v1-delivery.mapper.js';

const NEWEST_FIRST = newestFirst<Prisma.CourseWhereInput, Prisma.CourseOrderByWithRelationInput>();

@Injectable()
export class PublicApiRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The merchant's own course; null when it is another's or does not exist. */
  findOwn(merchantId: string, id: string): Promise<V1DeliveryView | null> {
    return this.prisma.client.course.findFirst({ where: { id, clientId: merchantId }, include: V1_DELIVERY_INCLUDE });
  }

  /** The merchant's courses, newest first, by status and by its own order reference (exact). */
  listOwn(merchantId: string, filter: { statuses?: readonly CourseStatus[]; reference?: string }, page: PageRequest): Promise<RowsPage<V1DeliveryView>> {
    const where: Prisma.CourseWhereInput = {
      clientId: merchantId,
      ...(filter.statuses && { status: { in: [...filter.statuses] } }),
      ...(filter.reference !== undefined && { merchantReference: filter.reference }),
    };
    return NEWEST_FIRST.read(page, where, (args) => this.prisma.client.course.findMany({ ...args, include: V1_DELIVERY_INCLUDE }));
  }
}
