import { Injectable, PayloadTooLargeException } from '@nestjs/common';
import { fileIdOf, fileUrl, type PhotoUploadResponse } from '@coursa/contracts';
import { canSeeFile, photoTypeOf } from '@coursa/domain';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import type { StoredFile } from '../../generated/prisma/client.js';
import type { Tx } from '../../common/prisma/transaction.js';
import { UnitOfWork } from '../../common/prisma/unit-of-work.js';
import { RandomSource } from '../../common/security/secrets.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { isUuid } from '../../common/validation/params.js';
import { AuditRepository } from '../audit/audit.repository.js';
import { FilesErrors } from './files.errors.js';
import { FilesRepository, type NewPhoto, type PhotoKind } from './files.repository.js';

/** Where each kind is kept under STORAGE_DIR. */
const STORAGE_FOLDERS: Record<PhotoKind, string> = { personal_photo: 'kyc', id_photo: 'kyc', parcel_photo: 'parcels', proof_photo: 'proofs' };

export type UploadedPhoto = NonNullable<Awaited<ReturnType<FilesRepository['findPhoto']>>>;

/**
 * Uploaded photos, one set of checks for all of them: KYC photos (staff, for a courier's file), parcel photos (a
 * client, for the course they order) and proof of delivery photos (the courier at the door, modules/delivery). At most
 * MAX_PHOTO_BYTES, streamed and cut there; JPEG, PNG or WebP as their first bytes say, whatever the name; kept under a
 * random key.
 */
@Injectable()
export class FilesService {
  constructor(
    private readonly repository: FilesRepository,
    private readonly storage: StorageService,
    private readonly random: RandomSource,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async uploadPhoto(user: AuthUser, kind: PhotoKind, file: MultipartFileStream | undefined, ip: string): Promise<PhotoUploadResponse> {
    const photo = await this.storePhoto(kind, file);
    // The file's row and its audit row, in one transaction.
    const stored = await this.uow.run((tx) => this.recordPhoto(tx, user, photo, ip));
    return { photo_url: fileUrl(stored.id), file_id: stored.id };
  }

  /** Checks an upload (present, not too large, a photo by its first bytes) and keeps its bytes; no row yet. */
  async storePhoto(kind: PhotoKind, file: MultipartFileStream | undefined): Promise<NewPhoto> {
    if (!file) throw FilesErrors.fileMissing();
    const data = await readPhoto(file.stream);
    const mimeType = photoTypeOf(data);
    if (!mimeType) throw FilesErrors.photoFormat();
    const storageKey = `${STORAGE_FOLDERS[kind]}/${this.random.token(24)}`;
    await this.storage.put(storageKey, data);
    return { kind, storageKey, mimeType, sizeBytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  }

  /** The row of a photo kept by storePhoto, and its audit line, in the caller's transaction. */
  async recordPhoto(tx: Tx, user: AuthUser, photo: NewPhoto, ip: string): Promise<StoredFile> {
    const file = await this.repository.recordPhoto(tx, user.id, photo);
    await this.audit.record(
      {
        actorId: user.id,
        actorRole: user.role,
        action: 'file_uploaded',
        resourceType: 'file',
        resourceId: file.id,
        success: true,
        ip,
        details: { kind: photo.kind, mime_type: photo.mimeType, size_bytes: photo.sizeBytes },
      },
      tx,
    );
    return file;
  }

  /** Drops the bytes of a photo kept by storePhoto that no row will point to (a duplicate). */
  discardPhoto(photo: NewPhoto): Promise<void> {
    return this.storage.remove(photo.storageKey);
  }

  /** A photo and its type, if the access policy lets the caller see it; otherwise 404, as if it did not exist. */
  async photo(user: AuthUser, id: string): Promise<{ mimeType: string; data: Buffer }> {
    const file = isUuid(id) ? await this.repository.findPhoto(id) : null;
    if (!file || !canSeeFile(user, { kind: file.kind, uploadedById: file.uploadedById, course: file.parcelPhotoOf ?? file.proofPhotoOf })) throw FilesErrors.fileNotFound();
    return { mimeType: file.mimeType, data: await this.storage.read(file.storageKey) };
  }

  /** The uploaded photo of this kind a photo URL (`/api/files/<id>`) points to, or null. */
  async photoAt(url: string, kind: PhotoKind): Promise<UploadedPhoto | null> {
    const id = fileIdOf(url);
    const photo = isUuid(id) ? await this.repository.findPhoto(id) : null;
    return photo?.kind === kind ? photo : null;
  }
}

/** The whole photo: the multipart parser fails the stream with a 413 as soon as it grows past the limit. */
async function readPhoto(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof PayloadTooLargeException) throw FilesErrors.photoTooLarge();
    // Anything else that breaks the stream is the form itself (cut short, a broken part): the sender's to fix.
    throw FilesErrors.uploadBroken();
  }
  return Buffer.concat(chunks);
}
