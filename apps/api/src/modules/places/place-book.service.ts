import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/config.js';
import { PlaceBookRepository, type BookPlace } from './place-book.repository.js';

/**
 * The place book learned from deliveries (issue 39), read; what delivered courses proved is written by
 * use-cases/observe-delivery, grouped into places by use-cases/group-places.
 */
@Injectable()
export class PlaceBook {
  constructor(
    private readonly places: PlaceBookRepository,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  /** Places that may be suggested to any client: seen in deliveries of PLACE_MIN_CLIENTS different clients, not hidden. */
  suggestible(limit = 50): Promise<BookPlace[]> {
    return this.places.suggestible(this.config.PLACE_MIN_CLIENTS, limit);
  }
}
