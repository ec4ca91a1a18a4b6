import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { HeaderSettings } from '#common/contract/header';
import { isModuleEnabled, type ModuleId } from '#common/lib/modules';
import type { ApiClient } from './api-client';
import { useApi } from './api-context';

/** The brand's global settings (GET /api/header), loaded before the first render and kept. */
export const settingsQuery = (api: ApiClient) =>
  queryOptions({ queryKey: ['header'], queryFn: () => api.request('GET /api/header') });

export function useSettings(): HeaderSettings {
  return useSuspenseQuery(settingsQuery(useApi())).data;
}

export function useModuleEnabled(id: ModuleId): boolean {
  return isModuleEnabled(useSettings().modules, id);
}
