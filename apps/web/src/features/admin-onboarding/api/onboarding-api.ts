import type { CreateDeliveryPersonRequest, UpdateCourierFileRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { routeQuery } from '@/lib/query-client';

export type PhotoKind = 'personal-photo' | 'id-photo';

/** POST /upload/{kind} as multipart (field `file`). */
export const uploadPhoto = (kind: PhotoKind, file: File) => apiClient.upload(`POST /api/upload/${kind}`, file);

export const createDeliveryPerson = (body: CreateDeliveryPersonRequest) =>
  apiClient.call('POST /api/admin/create-delivery-person', { body });

/** A courier's file (issue 38): every staff member reads it, admins change it. */
export const courierFileQuery = (id: string) => routeQuery('GET /api/admin/couriers/:id/file', { params: { id } });

export const updateCourierFile = ({ id, body }: { id: string; body: UpdateCourierFileRequest }) =>
  apiClient.call('PUT /api/admin/couriers/:id/file', { params: { id }, body });
