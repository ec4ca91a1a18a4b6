import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from './api-client';

/** The tile server and attribution (GET /api/map); loaded by the routes that show a map, fetched once. */
export const mapSettingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['map'], queryFn: () => api.request('GET /api/map') });
