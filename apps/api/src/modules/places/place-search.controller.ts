import { Controller, Get, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { RouteAnswer } from '@coursa/contracts';
import { NearestPlaceQuery, PlaceSuggestionsQuery, type NearestPlaceQueryInput, type PlaceSuggestionsQueryInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PlaceSearchService } from './place-search.service.js';

/**
 * An answer found is hers (her own addresses): kept a minute by her browser only, and apart for another sign-in on the
 * same phone (Vary), so typing the same letters again costs no round trip on a slow network. A refusal is not kept.
 */
function keptAMinute<T>(reply: FastifyReply, answer: T): T {
  reply.header('cache-control', 'private, max-age=60').header('vary', 'Authorization');
  return answer;
}

/** Search as you type on the order form's « Adresse » fields, and the nearest known place to a spot (issue 39). */
@Roles('client')
@Controller('places')
export class PlaceSearchController {
  constructor(private readonly search: PlaceSearchService) {}

  @Get('suggestions')
  async suggestions(
    @CurrentUser() client: AuthUser,
    @Query(new ZodPipe(PlaceSuggestionsQuery)) query: PlaceSuggestionsQueryInput,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<RouteAnswer<'GET /api/places/suggestions'>> {
    return keptAMinute(reply, await this.search.suggestions(client.id, query));
  }

  @Get('nearest')
  async nearest(@Query(new ZodPipe(NearestPlaceQuery)) query: NearestPlaceQueryInput, @Res({ passthrough: true }) reply: FastifyReply): Promise<RouteAnswer<'GET /api/places/nearest'>> {
    return keptAMinute(reply, await this.search.nearest(query));
  }
}
