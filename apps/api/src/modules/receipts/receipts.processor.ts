import { Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { renderReceipt } from './receipt-pdf.js';
import { ReceiptsRepository } from './receipts.repository.js';

/** Renders a delivered course's receipt once; a repeated job finds it done and does nothing. */
@Injectable()
export class ReceiptsProcessor implements JobProcessor {
  readonly handlers: JobHandlers = {
    [JobName.RenderReceipt]: ({ courseId }) => this.render(courseId),
  };

  constructor(
    private readonly receipts: ReceiptsRepository,
    private readonly storage: StorageService,
  ) {}

  private async render(courseId: string) {
    const course = await this.receipts.findCourse(courseId);
    if (!course || course.status !== 'delivered' || course.receiptFileId || !course.deliveryTime) return;
    const pdf = await renderReceipt({
      courseNumber: courseNumber(course.number),
      courseId: course.id,
      pickupAddress: course.pickupAddress,
      deliveryAddress: course.deliveryAddress,
      createdAt: course.createdAt,
      pickupTime: course.pickupTime,
      deliveryTime: course.deliveryTime,
      price: course.finalPrice ?? course.estimatedPrice,
      paymentMethod: course.paymentMethod,
      paymentReference: course.payment?.providerReference ?? course.payment?.orderId ?? '—',
      clientName: course.client.fullName,
      courierName: course.courier?.fullName ?? '—',
    });
    const key = `receipts/${course.id}.pdf`;
    await this.storage.put(key, pdf);
    await this.receipts.attach(course.id, key, pdf);
  }
}
