import type { CreateDeliveryPersonRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';

export type PhotoKind = 'personal-photo' | 'id-photo';

/** POST /upload/{kind} as multipart (field `file`). */
export const uploadPhoto = (kind: PhotoKind, file: File) => apiClient.upload(`POST /api/upload/${kind}`, file);

export const createDeliveryPerson = (body: CreateDeliveryPersonRequest) =>
  apiClient.call('POST /api/admin/create-delivery-person', { body });
