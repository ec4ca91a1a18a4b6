import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './api-client';

/**
 * Content lists more than one feature shows (the home page's news strip and points, the news item's points).
 * They live below the features so none imports another; each is fetched once and kept.
 */
/**
 * The campaigns running today (the home page and the cabinet). The day moves under a cached page, so the list
 * is fetched again after a minute rather than kept for the session.
 */
export const activeCampaignsQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: ['campaigns', 'active'],
    queryFn: () => api.request('GET /api/campaigns/active'),
    staleTime: 60_000,
  });

export const newsListQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['news'], queryFn: () => api.request('GET /api/news') });

export const pointsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['points'], queryFn: () => api.request('GET /api/points') });
