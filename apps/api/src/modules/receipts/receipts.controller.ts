import { Controller, Get, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CurrentUser, type AuthUser } from '../../common/auth/auth.decorators.js';
import { UuidParam } from '../../common/validation/params.js';
import { CourseErrors } from '../courses/courses.errors.js';
import { ReceiptsService } from './receipts.service.js';

@Controller('courses')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  /** The PDF receipt, for the course's client and staff only (anyone else: 404). */
  @Get(':id/receipt')
  async receipt(@CurrentUser() user: AuthUser, @Param('id', UuidParam(CourseErrors.notFound)) id: string, @Res() reply: FastifyReply) {
    const { fileName, pdf } = await this.receipts.receipt(user, id);
    return reply
      .type('application/pdf')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  }
}
