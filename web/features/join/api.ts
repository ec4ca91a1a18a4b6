import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';

export const joinQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['join'], queryFn: () => api.request('GET /api/join') });
