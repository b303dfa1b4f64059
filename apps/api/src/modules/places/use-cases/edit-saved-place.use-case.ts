import { Injectable } from '@nestjs/common';
import type { SavedPlaceSavedResponse } from '@coursa/contracts';
import type { SavePlaceInput } from '@coursa/contracts/schemas';
import { Prisma } from '../../../generated/prisma/client.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { SavedPlaceErrors } from '../saved-places.errors.js';
import { savedPlaceFields, toSavedPlaceDto } from '../saved-places.mapper.js';
import { SavedPlacesRepository } from '../saved-places.repository.js';

/** A client renames or moves one of her places; another client's place is unknown to her (404). */
@Injectable()
export class EditSavedPlaceUseCase {
  constructor(
    private readonly places: SavedPlacesRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(clientId: string, id: string, input: SavePlaceInput): Promise<SavedPlaceSavedResponse> {
    const fields = savedPlaceFields(input);
    try {
      const place = await this.uow.run(async (tx) => {
        await this.places.lockClient(tx, clientId);
        const own = await this.places.findOwn(tx, clientId, id);
        if (!own) throw SavedPlaceErrors.notFound();
        const sameLabel = await this.places.findByLabel(tx, clientId, fields.labelKey);
        if (sameLabel && sameLabel.id !== id) throw SavedPlaceErrors.duplicateLabel(fields.label);
        return this.places.update(tx, id, fields);
      });
      return { message: `Adresse « ${place.label} » modifiée.`, place: toSavedPlaceDto(place) };
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw SavedPlaceErrors.duplicateLabel(fields.label);
      throw error;
    }
  }
}
