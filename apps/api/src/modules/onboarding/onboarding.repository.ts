import { Injectable } from '@nestjs/common';
import { COURIER_ROLES, type BloodGroup, type VehicleType } from '@coursa/domain';
import type { CreateDeliveryPersonInput } from '@coursa/contracts/schemas';
import type { Prisma, BloodGroup as StoredBloodGroup, User, VehicleType as StoredVehicleType } from '../../generated/prisma/client.js';
import { PrismaService } from '../../common/prisma/prisma.service.js';
import type { Tx } from '../../common/prisma/transaction.js';
import type { NewAccount } from './new-accounts.js';

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

/** The spec's value of a stored one (the Prisma client's names back to the spec's). */
export const SPEC_VEHICLE_TYPES = Object.fromEntries(Object.entries(VEHICLE_TYPES).map(([spec, stored]) => [stored, spec])) as Record<StoredVehicleType, VehicleType>;
export const SPEC_BLOOD_GROUPS = Object.fromEntries(Object.entries(BLOOD_GROUPS).map(([spec, stored]) => [stored, spec])) as Record<StoredBloodGroup, BloodGroup>;
export const storedVehicleType = (value: VehicleType) => VEHICLE_TYPES[value];
export const storedBloodGroup = (value: BloodGroup) => BLOOD_GROUPS[value];

const COURIER_FILE = {
  id: true,
  number: true,
  fullName: true,
  phone: true,
  email: true,
  role: true,
  isActive: true,
  createdAt: true,
  courierProfile: true,
} as const;
export type CourierFileRow = Prisma.UserGetPayload<{ select: typeof COURIER_FILE }>;
export type CourierProfileChanges = Prisma.CourierProfileUpdateInput;

@Injectable()
export class OnboardingRepository {
  constructor(private readonly prisma: PrismaService) {}

  /** A courier's account and KYC file (null for an account that is not a courier's, or was deleted). */
  findCourierFile(id: string, tx?: Tx): Promise<CourierFileRow | null> {
    return (tx ?? this.prisma.client).user.findFirst({ where: { id, role: { in: [...COURIER_ROLES] }, anonymizedAt: null }, select: COURIER_FILE });
  }

  /** Locks the courier's KYC file row for the transaction (false when there is none). */
  async lockCourierFile(tx: Tx, userId: string): Promise<boolean> {
    const locked = await tx.$queryRaw<{ user_id: string }[]>`SELECT user_id FROM courier_profiles WHERE user_id = ${userId}::uuid FOR UPDATE`;
    return locked.length > 0;
  }

  async updateCourierFile(tx: Tx, userId: string, account: Prisma.UserUpdateInput, profile: CourierProfileChanges): Promise<void> {
    if (Object.keys(account).length) await tx.user.update({ where: { id: userId }, data: account });
    if (Object.keys(profile).length) await tx.courierProfile.update({ where: { userId }, data: profile });
  }

  /** The courier, activated, with their KYC file, created by `createdById`. */
  createCourier(tx: Tx, createdById: string, account: NewAccount, kyc: CreateDeliveryPersonInput, photos: { idPhotoId: string; personalPhotoId: string | null }, at: Date): Promise<User> {
    return tx.user.create({
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
            createdById,
          },
        },
      },
    });
  }
}
