import { Injectable } from '@nestjs/common';
import type { FileKind, StoredFile } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';

/** The photos people upload (receipts are files too, but the API makes them itself). */
export type PhotoKind = Extract<FileKind, 'personal_photo' | 'id_photo' | 'parcel_photo' | 'proof_photo'>;
export const PHOTO_KINDS: readonly PhotoKind[] = ['personal_photo', 'id_photo', 'parcel_photo', 'proof_photo'];

export interface NewPhoto {
  kind: PhotoKind;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

@Injectable()
export class FilesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** Records a stored photo, uploaded by `uploadedById`. */
  recordPhoto(tx: Tx, uploadedById: string, photo: NewPhoto): Promise<StoredFile> {
    return tx.storedFile.create({ data: { ...photo, uploadedById } });
  }

  /**
   * An uploaded photo (never a receipt), with what uses it: the couriers' KYC files quoting it, and the course a parcel
   * or proof photo belongs to (its client and courier decide who may see it).
   */
  findPhoto(id: string) {
    return this.prisma.client.storedFile.findFirst({
      where: { id, kind: { in: [...PHOTO_KINDS] }, uploadedById: { not: null } },
      include: {
        _count: { select: { idPhotoOf: true, personalPhotoOf: true } },
        parcelPhotoOf: { select: { id: true, clientId: true, courierId: true } },
        proofPhotoOf: { select: { id: true, clientId: true, courierId: true } },
      },
    });
  }
}
