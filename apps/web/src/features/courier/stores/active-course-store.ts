import { ACTIVE_STATUSES } from '@coursa/domain';
import type { DeliveryDto } from '@coursa/contracts';
import { create } from 'zustand';

/** Whether the courier has a course in progress: positions are only streamed then. */
export const useActiveCourseStore = create<{ hasActiveCourse: boolean }>()(() => ({ hasActiveCourse: false }));

export function noteDeliveries(deliveries: readonly Pick<DeliveryDto, 'status'>[]): void {
  useActiveCourseStore.setState({ hasActiveCourse: deliveries.some((delivery) => ACTIVE_STATUSES.includes(delivery.status)) });
}
