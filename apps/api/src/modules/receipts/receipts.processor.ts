import { Injectable } from '@nestjs/common';
import { JobName } from '@coursa/contracts';
import { courseNumber } from '@coursa/domain';
import type { JobHandlers, JobProcessor } from '../../common/queue/job-processor.js';
import { StorageService } from '../../common/storage/storage.service.js';
import { TrailRetention } from '../retention/trail-retention.service.js';
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
    private readonly trail: TrailRetention,
  ) {}

  private async render(courseId: string) {
    const course = await this.receipts.forReceipt(courseId);
    if (!course || course.status !== 'delivered' || course.receiptFileId || !course.deliveryTime) return;
    // Rendered as the course is delivered: its route is usually not kept yet, but its positions are still there.
    const points = await this.trail.routeOf(course.id, course.route);
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
      paymentReference: course.paymentProviderReference ?? course.paymentOrderId ?? '—',
      clientName: course.clientName,
      courierName: course.courierName ?? '—',
      route: points && {
        points,
        pickup: [course.pickupLatitude, course.pickupLongitude],
        delivery: [course.deliveryLatitude, course.deliveryLongitude],
      },
    });
    const key = `receipts/${course.id}.pdf`;
    await this.storage.put(key, pdf);
    // Recorded once: a second rendering (a retried job) does not replace the first.
    await this.receipts.recordReceipt(course.id, key, pdf);
  }
}
