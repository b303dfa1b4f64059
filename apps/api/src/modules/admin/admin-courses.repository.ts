import { Injectable } from '@nestjs/common';
import type { CourseStatus } from '@coursa/domain';
import type { Course, User } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';

export type ListedCourse = Course & { client: Pick<User, 'fullName'>; courier: Pick<User, 'fullName'> | null };

const MAX_LISTED = 500;

@Injectable()
export class AdminCoursesRepository {
  constructor(private readonly prisma: PrismaService) {}

  list(status: CourseStatus | undefined): Promise<ListedCourse[]> {
    return this.prisma.client.course.findMany({
      where: { status },
      include: { client: { select: { fullName: true } }, courier: { select: { fullName: true } } },
      orderBy: { createdAt: 'desc' },
      take: MAX_LISTED,
    });
  }
}
