import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { SavePlaceSchema, type SavePlaceInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ListReply, type PageReply } from '../../common/pagination/page-headers.js';
import { UuidParam } from '../../common/validation/params.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { SavedPlaceErrors } from './saved-places.errors.js';
import { SavedPlacesService } from './saved-places.service.js';
import { EditSavedPlaceUseCase } from './use-cases/edit-saved-place.use-case.js';
import { SavePlaceUseCase } from './use-cases/save-place.use-case.js';

/** « Mes adresses » (issue 39): a client's own named places. */
@Roles('client')
@Controller('places/saved')
export class SavedPlacesController {
  constructor(
    private readonly places: SavedPlacesService,
    private readonly save: SavePlaceUseCase,
    private readonly edit: EditSavedPlaceUseCase,
  ) {}

  @Get()
  async list(@CurrentUser() client: AuthUser, @ListReply() reply: PageReply): Promise<RouteAnswer<'GET /api/places/saved'>> {
    return reply.items(await this.places.list(client.id), 'places');
  }

  @Post()
  @HttpCode(201)
  create(@CurrentUser() client: AuthUser, @Body(new ZodPipe(SavePlaceSchema)) body: SavePlaceInput): Promise<RouteAnswer<'POST /api/places/saved'>> {
    return this.save.execute(client.id, body);
  }

  @Put(':id')
  update(
    @CurrentUser() client: AuthUser,
    @Param('id', UuidParam(SavedPlaceErrors.notFound)) id: string,
    @Body(new ZodPipe(SavePlaceSchema)) body: SavePlaceInput,
  ): Promise<RouteAnswer<'PUT /api/places/saved/:id'>> {
    return this.edit.execute(client.id, id, body);
  }

  @Delete(':id')
  remove(@CurrentUser() client: AuthUser, @Param('id', UuidParam(SavedPlaceErrors.notFound)) id: string): Promise<RouteAnswer<'DELETE /api/places/saved/:id'>> {
    return this.places.remove(client.id, id);
  }
}
