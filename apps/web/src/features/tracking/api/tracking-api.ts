import type { CourseDto, LocationDto } from '@coursa/contracts';
import type { CourseStatus } from '@coursa/domain';
import { apiClient } from '@/lib/api-client';

/** GET /courses/:id/tracking (DESIGN §5: the latest position is added by the API). */
export interface TrackingDto {
  id: string;
  status: CourseStatus;
  status_label: string;
  pickup_location: Pick<LocationDto, 'address' | 'latitude' | 'longitude'>;
  delivery_location: Pick<LocationDto, 'address' | 'latitude' | 'longitude'>;
  estimated_price: number;
  created_at: string;
  pickup_time: string | null;
  delivery_time: string | null;
  arrival_estimate: string;
  delivery_person_location: { latitude: number; longitude: number; at: string } | null;
}

export const trackingApi = {
  courses: () => apiClient.get<CourseDto[]>('/courses'),
  tracking: (id: string) => apiClient.get<TrackingDto>(`/courses/${encodeURIComponent(id)}/tracking`),
};
