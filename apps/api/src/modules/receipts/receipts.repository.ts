import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { PrismaService } from '../../common/prisma/prisma.service.js';

@Injectable()
export class ReceiptsRepository {
  constructor(private readonly prisma: PrismaService) {}

  findCourse(courseId: string) {
    return this.prisma.client.course.findUnique({
      where: { id: courseId },
      include: {
        client: { select: { fullName: true } },
        courier: { select: { fullName: true } },
        payment: { select: { orderId: true, providerReference: true } },
        receiptFile: true,
      },
    });
  }

  /** Records the receipt once: a second rendering (a retried job) does not replace the first. */
  async attach(courseId: string, storageKey: string, pdf: Buffer): Promise<boolean> {
    return this.prisma.client.$transaction(async (tx) => {
      const course = await tx.course.findUniqueOrThrow({ where: { id: courseId }, select: { receiptFileId: true } });
      if (course.receiptFileId) return false;
      const file = await tx.storedFile.upsert({
        where: { storageKey },
        update: {},
        create: { kind: 'receipt', storageKey, mimeType: 'application/pdf', sizeBytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
      });
      await tx.course.update({ where: { id: courseId }, data: { receiptFileId: file.id } });
      return true;
    });
  }
}
