import type { SendRefundRequest } from '@coursa/contracts';
import { apiClient } from '@/lib/api-client';
import { pagedQuery } from '@/lib/paged-query';
import { everyQueryOf } from '@/lib/query-client';

export const refundsQueries = {
  /** The longest wait first, a page at a time. */
  toDo: () => pagedQuery('GET /api/admin/refunds', { status: 'to_do' }),
  /** Every filtered list: a refund sent leaves the one to do and joins another. */
  all: everyQueryOf('GET /api/admin/refunds'),
};

export const refundsApi = {
  send: (id: string, body: SendRefundRequest) => apiClient.call('POST /api/admin/refunds/:id/send', { params: { id }, body }),
};
