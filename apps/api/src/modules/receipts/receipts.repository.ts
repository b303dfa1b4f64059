import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { StoredFile } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

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

  /** The course's receipt file, if it has one already. */
  async receiptFileOf(tx: Tx, courseId: string): Promise<string | null> {
    const course = await tx.course.findUniqueOrThrow({ where: { id: courseId }, select: { receiptFileId: true } });
    return course.receiptFileId;
  }

  /** The stored PDF's row (the same one when it was recorded before). */
  storeReceiptFile(tx: Tx, storageKey: string, pdf: Buffer): Promise<StoredFile> {
    return tx.storedFile.upsert({
      where: { storageKey },
      update: {},
      create: { kind: 'receipt', storageKey, mimeType: 'application/pdf', sizeBytes: pdf.length, sha256: createHash('sha256').update(pdf).digest('hex') },
    });
  }

  async setReceipt(tx: Tx, courseId: string, fileId: string): Promise<void> {
    await tx.course.update({ where: { id: courseId }, data: { receiptFileId: fileId } });
  }
}
