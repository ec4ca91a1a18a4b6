import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const rulesQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['rules'], queryFn: () => api.request('GET /api/rules') });
