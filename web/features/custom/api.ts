import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const customQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['custom'], queryFn: () => api.request('GET /api/custom') });
