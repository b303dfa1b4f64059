import type {
  CourseDto,
  CreateDisputeRequest,
  CreateRatingRequest,
  DisputeCreatedResponse,
  RatingCreatedResponse,
} from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export const myCoursesApi = {
  list: () => apiClient.get<CourseDto[]>('/courses'),
  cancel: (id: string) => apiClient.post<CourseDto>(`/courses/${id}/cancel`),
  rate: (body: CreateRatingRequest) => apiClient.post<RatingCreatedResponse>('/ratings', body),
  openDispute: (body: CreateDisputeRequest) => apiClient.post<DisputeCreatedResponse>('/disputes', body),
  receipt,
};

/** The PDF receipt, as a file to save. */
function receipt(id: string): Promise<Blob> {
  return apiClient.file(`/courses/${id}/receipt`, 'application/pdf');
}

/** Hands a blob to the browser as a downloaded file. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the URL can go once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
