import { Module } from '@nestjs/common';
import { PaymentsRepository } from './payments.repository.js';

/**
 * A payment's rows and refusals, below both the payment flows (modules/payments, which credit a paid order into a
 * course) and the courses (whose moves collect cash or open a refund in the same transaction): each uses them without
 * the other.
 */
@Module({ providers: [PaymentsRepository], exports: [PaymentsRepository] })
export class PaymentRecordsModule {}
