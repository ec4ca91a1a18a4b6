import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const joinQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['join'], queryFn: () => api.request('GET /api/join') });
