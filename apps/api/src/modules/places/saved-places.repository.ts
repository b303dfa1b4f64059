import { Injectable } from '@nestjs/common';
import type { SavedPlace } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

export type SavedPlaceFields = Pick<SavedPlace, 'label' | 'labelKey' | 'address' | 'latitude' | 'longitude' | 'instructions'>;

@Injectable()
export class SavedPlacesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** The client's places, by label: what the order form's chooser lists. */
  ofClient(clientId: string): Promise<SavedPlace[]> {
    return this.prisma.client.savedPlace.findMany({ where: { clientId }, orderBy: [{ labelKey: 'asc' }, { createdAt: 'asc' }] });
  }

  /** Locks the client's row: the saves of one client queue there, so each count sees every earlier save. */
  async lockClient(tx: Tx, clientId: string): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM users WHERE id = ${clientId}::uuid FOR UPDATE`;
  }

  countOfClient(tx: Tx, clientId: string): Promise<number> {
    return tx.savedPlace.count({ where: { clientId } });
  }

  /** The client's place of that label (compared by its key), if any. */
  findByLabel(tx: Tx, clientId: string, labelKey: string): Promise<Pick<SavedPlace, 'id'> | null> {
    return tx.savedPlace.findUnique({ where: { clientId_labelKey: { clientId, labelKey } }, select: { id: true } });
  }

  /** The client's own place; null when it is someone else's or does not exist. */
  findOwn(tx: Tx, clientId: string, id: string): Promise<SavedPlace | null> {
    return tx.savedPlace.findFirst({ where: { id, clientId } });
  }

  create(tx: Tx, clientId: string, fields: SavedPlaceFields): Promise<SavedPlace> {
    return tx.savedPlace.create({ data: { clientId, ...fields } });
  }

  update(tx: Tx, id: string, fields: SavedPlaceFields): Promise<SavedPlace> {
    return tx.savedPlace.update({ where: { id }, data: fields });
  }

  /** Removes the client's own place: false when it is not hers (or no longer exists). */
  async removeOwn(clientId: string, id: string): Promise<boolean> {
    const removed = await this.prisma.client.savedPlace.deleteMany({ where: { id, clientId } });
    return removed.count > 0;
  }
}
