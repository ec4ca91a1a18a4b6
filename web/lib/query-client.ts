import { QueryClient } from '@tanstack/react-query';

/**
 * Content changes rarely and is fetched once and kept (spec "Route-entry loading"); user data sets its own
 * staleness where it is queried.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: 30 * 60_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
