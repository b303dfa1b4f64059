import { Inject, Injectable } from '@nestjs/common';
import type { PlaceSavedResponse } from '@coursa/contracts';
import type { EditPlaceInput } from '@coursa/contracts/schemas';
import { spreadM } from '@coursa/domain';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/config.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { PlaceCurationErrors } from '../place-curation.errors.js';
import { curatedFields, toAdminPlaceDto } from '../place-curation.mapper.js';
import { PlaceCurationRepository, type PlaceEdit } from '../place-curation.repository.js';

export const PLACE_EDIT_MESSAGES = {
  hidden: (name: string) => `Lieu « ${name} » masqué : il n’est plus proposé aux clients.`,
  shown: (name: string) => `Lieu « ${name} » de nouveau affiché : il est proposé aux clients s’il a été vu par assez de clients.`,
  saved: (name: string) => `Lieu « ${name} » modifié.`,
} as const;

/**
 * Staff curate a place of the book (issue 39): rename it, move it, write its usual instructions, hide or show it. A
 * name or a point staff set is theirs from then on (the grouping keeps it); the place's row is locked (a merge of it
 * waits, or it is gone: 404), and the audit row holds the place before and after.
 */
@Injectable()
export class EditPlaceUseCase {
  constructor(
    private readonly places: PlaceCurationRepository,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'PLACE_MIN_CLIENTS'>,
  ) {}

  async execute(staff: AuthUser, id: string, input: EditPlaceInput, ip?: string): Promise<PlaceSavedResponse> {
    const place = await this.uow.run(async (tx) => {
      const [before] = await this.places.lockPlaces(tx, [id]);
      if (!before) throw PlaceCurationErrors.notFound();
      const edit: PlaceEdit = {};
      if (input.name !== undefined) edit.name = input.name.replace(/\s+/g, ' ');
      if (input.latitude !== undefined && input.longitude !== undefined) {
        edit.point = { latitude: input.latitude, longitude: input.longitude };
        edit.spreadM = spreadM(await this.places.observationsOf(tx, id), edit.point);
      }
      if (input.instructions !== undefined) edit.instructions = input.instructions;
      if (input.hidden !== undefined) edit.hidden = input.hidden;
      await this.places.edit(tx, id, edit);
      const after = (await this.places.find(tx, id))!;
      const [was, is] = [curatedFields(before), curatedFields(after)];
      if (JSON.stringify(was) !== JSON.stringify(is)) {
        await this.audit.record({ actorId: staff.id, actorRole: staff.role, action: 'place_updated', resourceType: 'place', resourceId: id, success: true, ip, details: { before: was, after: is } }, tx);
      }
      return after;
    });
    return { message: messageOf(input, place.name), place: toAdminPlaceDto(place, this.config.PLACE_MIN_CLIENTS) };
  }
}

function messageOf(input: EditPlaceInput, name: string): string {
  const onlyVisibility = Object.entries(input).every(([field, value]) => field === 'hidden' || value === undefined);
  if (onlyVisibility && input.hidden !== undefined) return input.hidden ? PLACE_EDIT_MESSAGES.hidden(name) : PLACE_EDIT_MESSAGES.shown(name);
  return PLACE_EDIT_MESSAGES.saved(name);
}
