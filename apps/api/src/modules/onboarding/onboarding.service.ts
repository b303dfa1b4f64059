import { Injectable, PayloadTooLargeException } from '@nestjs/common';
import type { CreateDeliveryPersonResponse, PhotoUploadResponse } from '@coursa/contracts';
import { isIdDocumentExpired, KYC_MESSAGES, photoTypeOf, toGuineanMobile } from '@coursa/domain';
import type { MultipartFileStream } from '@nestjs/platform-fastify/multipart';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { Clock, RandomSource } from '../../common/security/secrets.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { isUuid } from '../../common/validation/params.js';
import { toUserDto } from '../users/users.mapper.js';
import type { CreateDeliveryPersonInput } from './dto/onboarding.dto.js';
import { NewAccounts } from './new-accounts.js';
import { OnboardingErrors } from './onboarding.errors.js';
import { OnboardingRepository, type PhotoKind } from './onboarding.repository.js';

/** Where a stored photo is served: the upload answers it, the KYC payload quotes it back. */
const FILES_PATH = '/api/files/';

@Injectable()
export class OnboardingService {
  constructor(
    private readonly repository: OnboardingRepository,
    private readonly accounts: NewAccounts,
    private readonly storage: StorageService,
    private readonly random: RandomSource,
    private readonly clock: Clock,
  ) {}

  /** Keeps a photo whose first bytes say JPEG, PNG or WebP, under a random key. */
  async uploadPhoto(staff: AuthUser, kind: PhotoKind, file: MultipartFileStream | undefined, ip: string): Promise<PhotoUploadResponse> {
    if (!file) throw OnboardingErrors.fileMissing();
    const data = await readPhoto(file.stream);
    const mimeType = photoTypeOf(data);
    if (!mimeType) throw OnboardingErrors.photoFormat();
    const storageKey = `kyc/${this.random.token(24)}`;
    await this.storage.put(storageKey, data);
    const stored = await this.repository.recordPhoto(
      { id: staff.id, role: staff.role, ip },
      { kind, storageKey, mimeType, sizeBytes: data.length, sha256: createHash('sha256').update(data).digest('hex') },
    );
    return { photo_url: `${FILES_PATH}${stored.id}`, file_id: stored.id };
  }

  /** A KYC photo and its type; any other id (a receipt's included) is unknown. */
  async photo(id: string): Promise<{ mimeType: string; data: Buffer }> {
    const file = isUuid(id) ? await this.repository.findPhoto(id) : null;
    if (!file) throw OnboardingErrors.fileNotFound();
    return { mimeType: file.mimeType, data: await this.storage.read(file.storageKey) };
  }

  async createCourier(staff: AuthUser, input: CreateDeliveryPersonInput, ip: string): Promise<CreateDeliveryPersonResponse> {
    const now = this.clock.now();
    if (isIdDocumentExpired(input.id_expiry_date, now)) throw OnboardingErrors.idExpired();
    const emergencyPhone = toGuineanMobile(input.emergency_contact_phone);
    if (!emergencyPhone) throw OnboardingErrors.invalidEmergencyPhone();
    const idPhotoId = await this.unusedPhoto(input.id_photo_url, 'id_photo');
    if (!idPhotoId) throw OnboardingErrors.idPhotoUnknown();
    const personalPhotoId = input.personal_photo_url ? await this.unusedPhoto(input.personal_photo_url, 'personal_photo') : null;
    if (input.personal_photo_url && !personalPhotoId) throw OnboardingErrors.personalPhotoUnknown();

    const account = await this.accounts.prepare(input);
    const user = await this.repository.createCourier(
      { id: staff.id, role: staff.role, ip },
      account,
      { ...input, emergency_contact_phone: emergencyPhone },
      { idPhotoId, personalPhotoId },
      now,
    );
    return { message: KYC_MESSAGES.courierCreated, user: toUserDto(user) };
  }

  /** The id of the photo of this kind a photo URL points to, unless another courier's file already holds it. */
  private async unusedPhoto(url: string, kind: PhotoKind): Promise<string | null> {
    const id = url.startsWith(FILES_PATH) ? url.slice(FILES_PATH.length) : '';
    const photo = isUuid(id) ? await this.repository.findPhoto(id) : null;
    if (photo?.kind !== kind) return null;
    if (photo._count.idPhotoOf + photo._count.personalPhotoOf > 0) throw OnboardingErrors.photoAlreadyUsed();
    return photo.id;
  }
}

/** The whole photo: the multipart parser fails the stream with a 413 as soon as it grows past the limit. */
async function readPhoto(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of stream) chunks.push(chunk as Buffer);
  } catch (error) {
    if (error instanceof PayloadTooLargeException) throw OnboardingErrors.photoTooLarge();
    // Anything else that breaks the stream is the form itself (cut short, a broken part): the sender's to fix.
    throw OnboardingErrors.uploadBroken();
  }
  return Buffer.concat(chunks);
}
