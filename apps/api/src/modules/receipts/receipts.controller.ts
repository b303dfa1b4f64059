import { Controller, Get, Param, Res } from '@nestjs/common';
import { isStaff, receiptFileName } from '@coursa/domain';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { conflict, notFound } from '../../common/errors/domain-error.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { UuidParam } from '../../common/validation/params.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { ReceiptsRepository } from './receipts.repository.js';

@Controller('courses')
export class ReceiptsController {
  constructor(
    private readonly receipts: ReceiptsRepository,
    private readonly storage: StorageService,
  ) {}

  /** The PDF receipt, for the course's client and staff only (anyone else: 404). */
  @Get(':id/receipt')
  async receipt(@CurrentUser() user: AuthUser, @Param('id', UuidParam(CourseErrors.notFound)) id: string, @Res() reply: FastifyReply) {
    const course = await this.receipts.findCourse(id);
    if (!course || !(course.clientId === user.id || isStaff(user.role))) throw notFound('COURSE_NOT_FOUND', 'Course introuvable.');
    if (course.status !== 'delivered') throw notFound('RECEIPT_NOT_AVAILABLE', 'Le reçu est disponible une fois la course livrée.');
    if (!course.receiptFile) throw conflict('RECEIPT_NOT_READY', 'Le reçu est en cours de préparation. Réessayez dans un instant.');
    const pdf = await this.storage.read(course.receiptFile.storageKey);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${receiptFileName(course.number)}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }
}
