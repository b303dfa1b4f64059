import type { MerchantProfileRequest, SettleStatementRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf, routeQuery } from '@/lib/query-client';

const STATEMENT = 'GET /api/admin/merchants/:id/statement';

export const adminMerchantsQueries = {
  all: everyQueryOf('GET /api/admin/merchants'),
  /** The merchants, a page at a time; `q` finds them by business name, account name or phone (issue 40). */
  pages: (q?: string) => pagedQuery('GET /api/admin/merchants', { q }),
  /** The client accounts a search finds, to make one a merchant. */
  clients: (q?: string) => pagedQuery('GET /api/admin/users', { role: 'client', q }),
  statement: (merchantId: string, month: string) => routeQuery(STATEMENT, { params: { id: merchantId }, query: { month } }),
  statementsOf: (merchantId: string) => ({ queryKey: [STATEMENT, { id: merchantId }] }),
};

/**
 * Issue 40: staff make a client a merchant (or change its profile), and settle its monthly statements; a settlement
 * carries its own Idempotency-Key (a double click, or a retry after a lost answer, records it once).
 */
export const adminMerchantsApi = {
  save: (userId: string, body: MerchantProfileRequest) => apiClient.call('PUT /api/admin/merchants/:id', { params: { id: userId }, body }),
  settle: (merchantId: string, body: SettleStatementRequest, key: string) =>
    apiClient.call('POST /api/admin/merchants/:id/statement/settle', { params: { id: merchantId }, body, headers: { 'Idempotency-Key': key } }),
};
