import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export { newsListQuery } from '#web/lib/content';

export const newsItemQuery = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ['news', id],
    queryFn: () => api.request('GET /api/news/:id', { params: { id } }),
  });
