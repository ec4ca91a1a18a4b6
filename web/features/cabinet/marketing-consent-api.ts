import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MarketingChannel } from '#common/lib/marketing-consent';
import { useApi } from '#web/lib/api-context';
import { USER_KEY } from '#web/lib/session';

const CONSENT_KEY = [...USER_KEY, 'marketing-consent'] as const;

/** The member's consent to advertising per channel (decision 072); only in the browser, like the cabinet. */
export function useMarketingConsent() {
  const api = useApi();
  return useQuery({ queryKey: CONSENT_KEY, queryFn: () => api.request('GET /api/user/marketing-consent') });
}

/** One switch: the server answers the whole state, which replaces the cached one. */
export function useSwitchConsent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: MarketingChannel; granted: boolean }) =>
      api.request('PUT /api/user/marketing-consent', { body }),
    onSuccess: (state) => queryClient.setQueryData(CONSENT_KEY, state),
  });
}
