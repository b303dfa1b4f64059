import { Inject, Injectable } from '@nestjs/common';
import type { AdminPlaceDto, CountedPage } from '@coursa/contracts';
import type { AdminPlacesQueryInput } from '@coursa/contracts/schemas';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { toAdminPlaceDto } from './place-curation.mapper.js';
import { PlaceCurationRepository } from './place-curation.repository.js';

/** The back office's place book (issue 39), read: the places learned from deliveries, for staff to curate. */
@Injectable()
export class PlaceCurationService {
  constructor(
    private readonly places: PlaceCurationRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  /** Most seen first, a page at a time: every place, or those whose name contains `q`, hidden or not. */
  async list(query: AdminPlacesQueryInput): Promise<CountedPage<'places', AdminPlaceDto>> {
    const page = await this.places.list({ q: query.q, hidden: query.hidden }, query);
    return { places: page.rows.map((place) => toAdminPlaceDto(place, this.config.PLACE_MIN_CLIENTS)), next_cursor: page.nextCursor, total: page.total };
  }
}
