import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { ShellStateProvider } from '../ui/shell-state';

/** Contexts every render needs, on the server and in the browser alike (no DOM of their own). */
export function Providers({
  queryClient,
  api,
  children,
}: {
  queryClient: QueryClient;
  api: ApiClient;
  children: ReactNode;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <ShellStateProvider>{children}</ShellStateProvider>
      </ApiProvider>
    </QueryClientProvider>
  );
}
