import { Injectable } from '@nestjs/common';
import type { BloodGroup, VehicleType } from '@coursa/domain';
import type { CreateDeliveryPersonInput } from '@coursa/contracts/schemas';
import type { BloodGroup as StoredBloodGroup, User, VehicleType as StoredVehicleType } from '../../generated/prisma/client.js';
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

@Injectable()
export class OnboardingRepository {
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
