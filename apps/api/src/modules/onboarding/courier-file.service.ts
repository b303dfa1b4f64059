import { Injectable } from '@nestjs/common';
import type { CourierFileDto, CourierFileUpdatedResponse } from '@coursa/contracts';
import type { UpdateCourierFileInput } from '@coursa/contracts/schemas';
import type { AuthUser } from '../../common/auth/auth.decorators.js';
import { toCourierFileDto } from './courier-file.mapper.js';
import { OnboardingErrors } from './onboarding.errors.js';
import { OnboardingRepository } from './onboarding.repository.js';
import { UpdateCourierFileUseCase } from './use-cases/update-courier-file.use-case.js';

/** A courier's file in the back office (issue 38): staff read it, admins change it (UpdateCourierFileUseCase). */
@Injectable()
export class CourierFileService {
  constructor(
    private readonly repository: OnboardingRepository,
    private readonly updateFile: UpdateCourierFileUseCase,
  ) {}

  async read(courierId: string): Promise<CourierFileDto> {
    const row = await this.repository.findCourierFile(courierId);
    if (!row) throw OnboardingErrors.courierNotFound();
    return toCourierFileDto(row);
  }

  update(staff: AuthUser, courierId: string, input: UpdateCourierFileInput, ip?: string): Promise<CourierFileUpdatedResponse> {
    return this.updateFile.execute(staff, courierId, input, ip);
  }
}
