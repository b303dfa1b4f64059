import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { STAFF_ROLES } from '@coursa/domain';
import { AdminPlacesQuery, EditPlaceSchema, MergePlaceSchema, type AdminPlacesQueryInput, type EditPlaceInput, type MergePlaceInput } from '@coursa/contracts/schemas';
import { ClientIp, CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PlaceCurationErrors } from './place-curation.errors.js';
import { PlaceCurationService } from './place-curation.service.js';
import { EditPlaceUseCase } from './use-cases/edit-place.use-case.js';
import { MergePlacesUseCase } from './use-cases/merge-places.use-case.js';

/**
 * Staff curate the place book learned from deliveries (issue 39): the same staff as the course management (admin,
 * support, super administrator), since naming a crossroads is day-to-day work like fixing a course; every write is audited.
 */
@Roles(...STAFF_ROLES)
@Controller('admin/places')
export class PlaceCurationController {
  constructor(
    private readonly places: PlaceCurationService,
    private readonly edit: EditPlaceUseCase,
    private readonly merge: MergePlacesUseCase,
  ) {}

  @Get()
  async list(@Query(new ZodPipe(AdminPlacesQuery)) query: AdminPlacesQueryInput, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/admin/places'>> {
    return reply.items(await this.places.list(query), 'places');
  }

  @Put(':id')
  update(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(PlaceCurationErrors.notFound)) id: string,
    @Body(new ZodPipe(EditPlaceSchema)) body: EditPlaceInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'PUT /api/admin/places/:id'>> {
    return this.edit.execute(staff, id, body, ip);
  }

  @Post(':id/merge')
  @HttpCode(200)
  mergeInto(
    @CurrentUser() staff: AuthUser,
    @Param('id', UuidParam(PlaceCurationErrors.notFound)) id: string,
    @Body(new ZodPipe(MergePlaceSchema)) body: MergePlaceInput,
    @ClientIp() ip: string,
  ): Promise<RouteAnswer<'POST /api/admin/places/:id/merge'>> {
    return this.merge.execute(staff, id, body.into_id, ip);
  }
}
