import { Injectable } from '@nestjs/common';
import { fileUrl, type CourierFileUpdatedResponse, type CourierKycDto } from '@coursa/contracts';
import type { UpdateCourierFileInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../../common/auth/auth.decorators.js';
import { UnitOfWork } from '../../../common/prisma/unit-of-work.js';
import { AuditRepository } from '../../audit/audit.repository.js';
import { toCourierFileDto } from '../courier-file.mapper.js';
import { KycRules } from '../kyc-rules.js';
import { OnboardingErrors } from '../onboarding.errors.js';
import { OnboardingRepository, storedBloodGroup, storedVehicleType, type CourierProfileChanges } from '../onboarding.repository.js';

export const COURIER_FILE_UPDATED = 'Dossier du livreur mis à jour.';

/** The file's fields as staff read and send them: the account's two, then the KYC file's. */
type FileValues = { full_name: string; email: string | null } & Omit<CourierKycDto, 'updated_at'>;
type Field = keyof FileValues;
type FileValue = string | number | null;

/**
 * Staff change a courier's file (issue 38): identity, KYC photos, vehicle, payout wallet. Every value passes the
 * onboarding's rules (the schema, then KycRules: expiry, emergency mobile, wallet of its operator, photos uploaded and
 * nobody else's); the file is locked, what differs is written, and the audit row says each change, old → new.
 */
@Injectable()
export class UpdateCourierFileUseCase {
  constructor(
    private readonly repository: OnboardingRepository,
    private readonly rules: KycRules,
    private readonly audit: AuditRepository,
    private readonly uow: UnitOfWork,
  ) {}

  async execute(staff: AuthUser, courierId: string, input: UpdateCourierFileInput, ip?: string): Promise<CourierFileUpdatedResponse> {
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<FileValues>;
    if (Object.keys(given).length === 0) throw OnboardingErrors.nothingToChange();
    const seen = await this.repository.findCourierFile(courierId);
    if (!seen) throw OnboardingErrors.courierNotFound();
    if (!seen.courierProfile) throw OnboardingErrors.fileMissing();
    const profile = seen.courierProfile;

    // The onboarding's rules on what is sent, the values normalised as onboarding keeps them.
    const wanted: Partial<FileValues> = { ...given };
    if (given.id_expiry_date !== undefined) this.rules.idExpiry(given.id_expiry_date);
    if (given.emergency_contact_phone !== undefined) wanted.emergency_contact_phone = this.rules.emergencyPhone(given.emergency_contact_phone);
    if (given.bank_name !== undefined || given.bank_account !== undefined) {
      const bankName = given.bank_name !== undefined ? given.bank_name : (profile.bankName as FileValues['bank_name']);
      wanted.bank_account = this.rules.payoutAccount(bankName, given.bank_account !== undefined ? given.bank_account : profile.bankAccount);
    }
    if (given.id_photo_url !== undefined) wanted.id_photo_url = fileUrl(await this.rules.photo(given.id_photo_url, 'id_photo', profile.idPhotoId));
    if (given.personal_photo_url) wanted.personal_photo_url = fileUrl(await this.rules.photo(given.personal_photo_url, 'personal_photo', profile.personalPhotoId));

    const updated = await this.uow.run(async (tx) => {
      if (!(await this.repository.lockCourierFile(tx, courierId))) throw OnboardingErrors.fileMissing();
      const before = toCourierFileDto((await this.repository.findCourierFile(courierId, tx))!);
      const old: FileValues = { full_name: before.full_name, email: before.email, ...before.kyc! };
      const changes = Object.fromEntries(
        (Object.keys(wanted) as Field[]).filter((field) => field in old && old[field] !== wanted[field]).map((field) => [field, { from: old[field], to: wanted[field] }]),
      ) as Record<string, { from: FileValue; to: FileValue }>;
      if (Object.keys(changes).length) {
        const next = Object.fromEntries(Object.entries(changes).map(([field, change]) => [field, change.to])) as Partial<FileValues>;
        await this.repository.updateCourierFile(tx, courierId, accountChanges(next), profileChanges(next));
        await this.audit.record(
          { actorId: staff.id, actorRole: staff.role, action: 'courier_file_updated', resourceType: 'user', resourceId: courierId, success: true, ip, details: { changes } },
          tx,
        );
      }
      return (await this.repository.findCourierFile(courierId, tx))!;
    });
    return { message: COURIER_FILE_UPDATED, file: toCourierFileDto(updated) };
  }
}

function accountChanges(next: Partial<FileValues>) {
  return {
    ...(next.full_name !== undefined && { fullName: next.full_name }),
    ...(next.email !== undefined && { email: next.email }),
  };
}

const photoId = (url: string | null) => (url === null ? null : url.split('/').at(-1)!);

function profileChanges(next: Partial<FileValues>): CourierProfileChanges {
  const changes: CourierProfileChanges = {};
  if (next.vehicle_type !== undefined) changes.vehicleType = next.vehicle_type && storedVehicleType(next.vehicle_type);
  if (next.license_number !== undefined) changes.licenseNumber = next.license_number;
  if (next.vehicle_registration !== undefined) changes.vehicleRegistration = next.vehicle_registration;
  if (next.vehicle_description !== undefined) changes.vehicleDescription = next.vehicle_description;
  if (next.id_type !== undefined) changes.idType = next.id_type;
  if (next.id_number !== undefined) changes.idNumber = next.id_number;
  if (next.id_expiry_date !== undefined) changes.idExpiryDate = new Date(next.id_expiry_date);
  if (next.id_photo_url !== undefined) changes.idPhoto = { connect: { id: photoId(next.id_photo_url)! } };
  if (next.personal_photo_url !== undefined) {
    const id = photoId(next.personal_photo_url);
    changes.personalPhoto = id ? { connect: { id } } : { disconnect: true };
  }
  if (next.blood_group !== undefined) changes.bloodGroup = next.blood_group && storedBloodGroup(next.blood_group);
  if (next.emergency_contact_name !== undefined) changes.emergencyContactName = next.emergency_contact_name;
  if (next.emergency_contact_phone !== undefined) changes.emergencyContactPhone = next.emergency_contact_phone;
  if (next.emergency_contact_relationship !== undefined) changes.emergencyContactRelationship = next.emergency_contact_relationship;
  if (next.address !== undefined) changes.address = next.address;
  if (next.experience_years !== undefined) changes.experienceYears = next.experience_years;
  if (next.previous_employer !== undefined) changes.previousEmployer = next.previous_employer;
  if (next.bank_name !== undefined) changes.bankName = next.bank_name;
  if (next.bank_account !== undefined) changes.bankAccount = next.bank_account;
  return changes;
}
