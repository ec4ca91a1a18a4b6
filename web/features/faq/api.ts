import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../../lib/api-client';

export const faqQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['faq'], queryFn: () => api.request('GET /api/faq') });
