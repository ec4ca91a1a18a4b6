import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const contactsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['contacts'], queryFn: () => api.request('GET /api/contacts') });
