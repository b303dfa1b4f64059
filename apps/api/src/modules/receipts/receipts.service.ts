import { Injectable } from '@nestjs/common';
import { canSeeCourse, receiptFileName } from '@coursa/domain';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { conflict, notFound } from '../../common/errors/domain-error.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { ReceiptsRepository } from './receipts.repository.js';

export interface ReceiptFile {
  fileName: string;
  pdf: Buffer;
}

@Injectable()
export class ReceiptsService {
  constructor(
    private readonly receipts: ReceiptsRepository,
    private readonly storage: StorageService,
  ) {}

  /** A delivered course's PDF receipt, for whom the access policy shows receipts (its client and staff; anyone else: 404). */
  async receipt(user: AuthUser, courseId: string): Promise<ReceiptFile> {
    const course = await this.receipts.findCourse(courseId);
    if (!course || !canSeeCourse(user, course, 'receipt')) throw CourseErrors.notFound();
    if (course.status !== 'delivered') throw notFound('RECEIPT_NOT_AVAILABLE', 'Le reçu est disponible une fois la course livrée.');
    if (!course.receiptFile) throw conflict('RECEIPT_NOT_READY', 'Le reçu est en cours de préparation. Réessayez dans un instant.');
    return { fileName: receiptFileName(course.number), pdf: await this.storage.read(course.receiptFile.storageKey) };
  }
}
