import type {
  CourseDto,
  CreateDisputeRequest,
  CreateRatingRequest,
  DisputeCreatedResponse,
  RatingCreatedResponse,
} from '@coursa/contracts';
import { API_BASE_URL } from '@/config';
import { ApiError, apiClient, sessionTokens } from '@/lib/api-client';

export const myCoursesApi = {
  list: () => apiClient.get<CourseDto[]>('/courses'),
  cancel: (id: string) => apiClient.post<CourseDto>(`/courses/${id}/cancel`),
  rate: (body: CreateRatingRequest) => apiClient.post<RatingCreatedResponse>('/ratings', body),
  openDispute: (body: CreateDisputeRequest) => apiClient.post<DisputeCreatedResponse>('/disputes', body),
  receipt,
};

/** The PDF receipt as a blob: a file, not JSON, so it is fetched with the bearer header by hand. */
async function receipt(id: string): Promise<Blob> {
  const token = sessionTokens.access();
  const response = await fetch(`${API_BASE_URL}/courses/${id}/receipt`, {
    headers: token ? { Authorization: `Bearer ${token}`, Accept: 'application/pdf' } : { Accept: 'application/pdf' },
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
    throw new ApiError(
      response.status,
      typeof answer?.detail === 'string' ? answer.detail : '',
      typeof answer?.code === 'string' ? answer.code : '',
    );
  }
  return response.blob();
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
