import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const countdownQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['countdown'], queryFn: () => api.request('GET /api/countdown') });
