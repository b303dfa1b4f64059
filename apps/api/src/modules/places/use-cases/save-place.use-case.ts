import { Injectable } from '@nestjs/common';
import type { SavedPlaceSavedResponse } from '@coursa/contracts';
import type { SavePlaceInput } from '@coursa/contracts/schemas';
import { SAVED_PLACES_MAX } from '@coursa/domain';
import { Prisma } from '../../../generated/prisma/client.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { SavedPlaceErrors } from '../saved-places.errors.js';
import { savedPlaceFields, toSavedPlaceDto } from '../saved-places.mapper.js';
import { SavedPlacesRepository } from '../saved-places.repository.js';

/** A client saves a new place: at most SAVED_PLACES_MAX, each label once. */
@Injectable()
export class SavePlaceUseCase {
  constructor(
    private readonly places: SavedPlacesRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(clientId: string, input: SavePlaceInput): Promise<SavedPlaceSavedResponse> {
    const fields = savedPlaceFields(input);
    try {
      const place = await this.uow.run(async (tx) => {
        // The count and the label are checked under the client's row lock: two racing saves cannot both pass.
        await this.places.lockClient(tx, clientId);
        if ((await this.places.countOfClient(tx, clientId)) >= SAVED_PLACES_MAX) throw SavedPlaceErrors.limitReached();
        if (await this.places.findByLabel(tx, clientId, fields.labelKey)) throw SavedPlaceErrors.duplicateLabel(fields.label);
        return this.places.create(tx, clientId, fields);
      });
      return { message: `Adresse « ${place.label} » enregistrée.`, place: toSavedPlaceDto(place) };
    } catch (error) {
      // The unique key (client, label) is the last word, should a check ever be bypassed.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw SavedPlaceErrors.duplicateLabel(fields.label);
      throw error;
    }
  }
}
