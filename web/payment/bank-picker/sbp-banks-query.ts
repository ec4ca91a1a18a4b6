import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

/** The SBP member banks: fetched the first time a picker opens and kept for the visit (the list barely moves). */
export const sbpBanksQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['sbp-banks'],
    queryFn: () => api.request('GET /api/sbp/banks'),
    staleTime: Infinity,
    gcTime: Infinity,
  });
