import type { CreateDisputeRequest, CreateRatingRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';

export const myCoursesQueries = {
  /** The client's courses, newest first, a page at a time. */
  list: () => pagedQuery('GET /api/courses'),
  /** The client's claims and where each stands, newest first, a page at a time. */
  claims: () => pagedQuery('GET /api/disputes'),
};

export const myCoursesApi = {
  cancel: (id: string) => apiClient.call('POST /api/courses/:id/cancel', { params: { id } }),
  rate: (body: CreateRatingRequest) => apiClient.call('POST /api/ratings', { body }),
  openDispute: (body: CreateDisputeRequest) => apiClient.call('POST /api/disputes', { body }),
  /** The PDF receipt, as a file to save. */
  receipt: (id: string) => apiClient.file('GET /api/courses/:id/receipt', { id }, 'application/pdf'),
};

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
