import { Injectable } from '@nestjs/common';
import type { BloodGroup, VehicleType } from '@coursa/domain';
import type {
  BloodGroup as StoredBloodGroup,
  FileKind,
  StoredFile,
  User,
  VehicleType as StoredVehicleType,
} from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import { AuditRepository } from '../audit/audit.repository.js';
import type { Actor } from '../../common/auth/actor.js';
import type { CreateDeliveryPersonInput } from './dto/onboarding.dto.js';
import type { NewAccount } from './new-accounts.js';

export type PhotoKind = Extract<FileKind, 'personal_photo' | 'id_photo'>;

export interface NewPhoto {
  kind: PhotoKind;
  storageKey: string;
  mimeType: string;
  sizeBytes: number;
  sha256: string;
}

/** The spec's values are stored as they are; the Prisma client names the ones that are not identifiers. */
const VEHICLE_TYPES: Record<VehicleType, StoredVehicleType> = { moto: 'moto', scooter: 'scooter', vélo: 'velo', voiture: 'voiture', tricycle: 'tricycle' };
const BLOOD_GROUPS: Record<BloodGroup, StoredBloodGroup> = {
  'A+': 'A_POS',
  'A-': 'A_NEG',
  'B+': 'B_POS',
  'B-': 'B_NEG',
  'AB+': 'AB_POS',
  'AB-': 'AB_NEG',
  'O+': 'O_POS',
  'O-': 'O_NEG',
};

@Injectable()
export class OnboardingRepository {
  constructor(
    private readonly prisma: PrismaService,
    private readonly audit: AuditRepository,
  ) {}

  /** Records a stored photo with its audit row. */
  recordPhoto(actor: Actor, photo: NewPhoto): Promise<StoredFile> {
    return this.prisma.client.$transaction(async (tx) => {
      const file = await tx.storedFile.create({ data: { ...photo, uploadedById: actor.id } });
      await this.audit.record(
        {
          actorId: actor.id,
          actorRole: actor.role,
          action: 'file_uploaded',
          resourceType: 'file',
          resourceId: file.id,
          success: true,
          ip: actor.ip,
          details: { kind: photo.kind, mime_type: photo.mimeType, size_bytes: photo.sizeBytes },
        },
        tx,
      );
      return file;
    });
  }

  /** A KYC photo uploaded by staff (never a receipt), with the number of couriers' files using it. */
  findPhoto(id: string) {
    return this.prisma.client.storedFile.findFirst({
      where: { id, kind: { in: ['personal_photo', 'id_photo'] }, uploadedById: { not: null } },
      include: { _count: { select: { idPhotoOf: true, personalPhotoOf: true } } },
    });
  }

  /** The courier, activated, with their KYC file and the audit row, in one transaction. */
  createCourier(actor: Actor, account: NewAccount, kyc: CreateDeliveryPersonInput, photos: { idPhotoId: string; personalPhotoId: string | null }, at: Date): Promise<User> {
    return this.prisma.client.$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          ...account,
          role: kyc.role,
          activatedAt: at,
          courierProfile: {
            create: {
              vehicleType: kyc.vehicle_type && VEHICLE_TYPES[kyc.vehicle_type],
              licenseNumber: kyc.license_number,
              vehicleRegistration: kyc.vehicle_registration,
              vehicleDescription: kyc.vehicle_description,
              idType: kyc.id_type,
              idNumber: kyc.id_number,
              idExpiryDate: new Date(kyc.id_expiry_date),
              idPhotoId: photos.idPhotoId,
              personalPhotoId: photos.personalPhotoId,
              bloodGroup: kyc.blood_group && BLOOD_GROUPS[kyc.blood_group],
              emergencyContactName: kyc.emergency_contact_name,
              emergencyContactPhone: kyc.emergency_contact_phone,
              emergencyContactRelationship: kyc.emergency_contact_relationship,
              address: kyc.address,
              experienceYears: kyc.experience_years,
              previousEmployer: kyc.previous_employer,
              bankAccount: kyc.bank_account,
              bankName: kyc.bank_name,
              createdById: actor.id,
            },
          },
        },
      });
      await this.audit.record(
        { actorId: actor.id, actorRole: actor.role, action: 'user_created', resourceType: 'user', resourceId: user.id, success: true, ip: actor.ip, details: { role: user.role } },
        tx,
      );
      return user;
    });
  }
}
