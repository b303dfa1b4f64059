import type { CreateDeliveryPersonRequest, CreateDeliveryPersonResponse, PhotoUploadResponse } from '@coursa/contracts';
import { API_BASE_URL } from '@/config';
import { ApiError, apiClient, sessionTokens } from '@/lib/api-client';

export type PhotoKind = 'personal-photo' | 'id-photo';

function postFile(path: string, file: File): Promise<Response> {
  const body = new FormData();
  body.append('file', file);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const accessToken = sessionTokens.access();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return fetch(API_BASE_URL + path, { method: 'POST', headers, body });
}

/** POST /upload/{kind} as multipart (field `file`); the JSON API client cannot send a file. */
export async function uploadPhoto(kind: PhotoKind, file: File): Promise<PhotoUploadResponse> {
  let response = await postFile(`/upload/${kind}`, file);
  if (response.status === 401) {
    // Any call through the API client refreshes an expired session the one way the app does; then retry once.
    await apiClient.get('/auth/me');
    response = await postFile(`/upload/${kind}`, file);
  }
  const answer = (await response.json().catch(() => null)) as { detail?: unknown; code?: unknown } | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      typeof answer?.detail === 'string' ? answer.detail : '',
      typeof answer?.code === 'string' ? answer.code : '',
    );
  }
  return answer as unknown as PhotoUploadResponse;
}

export const createDeliveryPerson = (body: CreateDeliveryPersonRequest) =>
  apiClient.post<CreateDeliveryPersonResponse>('/admin/create-delivery-person', body);
