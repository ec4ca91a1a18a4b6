import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export { pointsQuery } from '#web/lib/content';

export const pointQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ['points', id],
    queryFn: () => api.request('GET /api/points/:id', { params: { id } }),
  });
