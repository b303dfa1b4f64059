import { fileUrl, type CourierFileDto, type CourierKycDto } from '@coursa/contracts';
import { type BloodGroup, type IdType, type PayoutAccount, type VehicleType } from '@coursa/domain';
import { toAdminUserDto } from '../users/users.mapper.js';
import { SPEC_BLOOD_GROUPS, SPEC_VEHICLE_TYPES, type CourierFileRow } from './onboarding.repository.js';

export function toCourierKycDto(profile: NonNullable<CourierFileRow['courierProfile']>): CourierKycDto {
  return {
    vehicle_type: profile.vehicleType ? (SPEC_VEHICLE_TYPES[profile.vehicleType] as VehicleType) : null,
    license_number: profile.licenseNumber,
    vehicle_registration: profile.vehicleRegistration,
    vehicle_description: profile.vehicleDescription,
    id_type: profile.idType as IdType,
    id_number: profile.idNumber,
    id_expiry_date: profile.idExpiryDate.toISOString().slice(0, 10),
    id_photo_url: fileUrl(profile.idPhotoId),
    personal_photo_url: profile.personalPhotoId ? fileUrl(profile.personalPhotoId) : null,
    blood_group: profile.bloodGroup ? (SPEC_BLOOD_GROUPS[profile.bloodGroup] as BloodGroup) : null,
    emergency_contact_name: profile.emergencyContactName,
    emergency_contact_phone: profile.emergencyContactPhone,
    emergency_contact_relationship: profile.emergencyContactRelationship,
    address: profile.address,
    experience_years: profile.experienceYears,
    previous_employer: profile.previousEmployer,
    bank_name: profile.bankName as PayoutAccount | null,
    bank_account: profile.bankAccount,
    updated_at: profile.updatedAt.toISOString(),
  };
}

export function toCourierFileDto(row: CourierFileRow): CourierFileDto {
  return { ...toAdminUserDto(row), kyc: row.courierProfile ? toCourierKycDto(row.courierProfile) : null };
}
