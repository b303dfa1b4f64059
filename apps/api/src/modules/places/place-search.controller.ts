import { Controller, Get, Header, Query } from '@nestjs/common';
import type { RouteAnswer } from '@coursa/contracts';
import { NearestPlaceQuery, PlaceSuggestionsQuery, type NearestPlaceQueryInput, type PlaceSuggestionsQueryInput } from '@coursa/contracts/schemas';
import { CurrentUser, Roles, type AuthUser } from '../../common/auth/auth.decorators.js';
import { ZodPipe } from '../../common/validation/zod.js';
import { PlaceSearchService } from './place-search.service.js';

/**
 * Each answer is hers (her own addresses): kept a minute by her browser only, and apart for another sign-in on the
 * same phone (Vary), so typing the same letters again costs no round trip on a slow network.
 */
const PRIVATE_SHORT_CACHE = 'private, max-age=60';

/** Search as you type on the order form's « Adresse » fields, and the nearest known place to a spot (issue 39). */
@Roles('client')
@Controller('places')
export class PlaceSearchController {
  constructor(private readonly search: PlaceSearchService) {}

  @Get('suggestions')
  @Header('Cache-Control', PRIVATE_SHORT_CACHE)
  @Header('Vary', 'Authorization')
  suggestions(@CurrentUser() client: AuthUser, @Query(new ZodPipe(PlaceSuggestionsQuery)) query: PlaceSuggestionsQueryInput): Promise<RouteAnswer<'GET /api/places/suggestions'>> {
    return this.search.suggestions(client.id, query);
  }

  @Get('nearest')
  @Header('Cache-Control', PRIVATE_SHORT_CACHE)
  @Header('Vary', 'Authorization')
  nearest(@Query(new ZodPipe(NearestPlaceQuery)) query: NearestPlaceQueryInput): Promise<RouteAnswer<'GET /api/places/nearest'>> {
    return this.search.nearest(query);
  }
}
