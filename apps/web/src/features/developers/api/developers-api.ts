import type { CreateApiKeyRequest, CreateWebhookEndpointRequest, ReplayPeriodRequest, RotateApiKeyRequest, UpdateWebhookEndpointRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf, routeQuery } from '@/lib/query-client';

const DELIVERIES = 'GET /api/v1/webhook-endpoints/:id/deliveries';

/** Issue 40: what the merchant's « Développeurs » screen reads. */
export const developersQueries = {
  apiKeys: () => routeQuery('GET /api/merchant/api-keys'),
  endpoints: () => routeQuery('GET /api/v1/webhook-endpoints'),
  /** One endpoint's delivery log, newest first, a page at a time. */
  deliveries: (endpointId: string) => pagedQuery(DELIVERIES, {}, { id: endpointId }),
  /** Every page of one endpoint's log: what a test, a replay or a change of the endpoint reloads. */
  deliveriesOf: (endpointId: string) => ({ queryKey: [DELIVERIES, { id: endpointId }] }),
  allDeliveries: everyQueryOf(DELIVERIES),
};

/** Issue 40: the merchant's API keys (its session) and webhook endpoints (the public API, on its session too). */
export const developersApi = {
  createKey: (body: CreateApiKeyRequest) => apiClient.call('POST /api/merchant/api-keys', { body }),
  rotateKey: (id: string, body: RotateApiKeyRequest) => apiClient.call('POST /api/merchant/api-keys/:id/rotate', { params: { id }, body }),
  revokeKey: (id: string) => apiClient.call('DELETE /api/merchant/api-keys/:id', { params: { id } }),
  createEndpoint: (body: CreateWebhookEndpointRequest) => apiClient.call('POST /api/v1/webhook-endpoints', { body }),
  updateEndpoint: (id: string, body: UpdateWebhookEndpointRequest) => apiClient.call('PUT /api/v1/webhook-endpoints/:id', { params: { id }, body }),
  deleteEndpoint: (id: string) => apiClient.call('DELETE /api/v1/webhook-endpoints/:id', { params: { id } }),
  rotateSecret: (id: string) => apiClient.call('POST /api/v1/webhook-endpoints/:id/rotate-secret', { params: { id } }),
  sendTest: (id: string) => apiClient.call('POST /api/v1/webhook-endpoints/:id/test', { params: { id } }),
  replayPeriod: (id: string, body: ReplayPeriodRequest) => apiClient.call('POST /api/v1/webhook-endpoints/:id/replay', { params: { id }, body }),
  replayDelivery: (id: string) => apiClient.call('POST /api/v1/webhook-deliveries/:id/replay', { params: { id } }),
};
