import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '#web/lib/api-client';

export const faqQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['faq'], queryFn: () => api.request('GET /api/faq') });
