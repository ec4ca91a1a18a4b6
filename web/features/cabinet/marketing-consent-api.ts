import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CabinetConsent } from '#common/contract/marketing-consent';
import type { MarketingChannel } from '#common/lib/marketing-consent';
import { useApi } from '#web/lib/api-context';
import { USER_KEY } from '#web/lib/session';

const CONSENT_KEY = [...USER_KEY, 'marketing-consent'] as const;

/** The member's consent to advertising per channel (decision 072); only in the browser, like the cabinet. */
export function useMarketingConsent() {
  const api = useApi();
  return useQuery({ queryKey: CONSENT_KEY, queryFn: () => api.request('GET /api/user/marketing-consent') });
}

/**
 * One switch. It moves at once (the member sees their tap), the server's answer then replaces the whole state,
 * and a refusal puts the switch back where it was.
 */
export function useSwitchConsent() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: MarketingChannel; granted: boolean }) =>
      api.request('PUT /api/user/marketing-consent', { body }),
    onMutate: async ({ channel, granted }) => {
      await queryClient.cancelQueries({ queryKey: CONSENT_KEY });
      const before = queryClient.getQueryData<CabinetConsent>(CONSENT_KEY);
      if (before)
        queryClient.setQueryData(CONSENT_KEY, {
          ...before,
          channels: { ...before.channels, [channel]: granted },
        });
      return { before };
    },
    onError: (_error, _vars, context) => {
      if (context?.before) queryClient.setQueryData(CONSENT_KEY, context.before);
    },
    onSuccess: (state) => queryClient.setQueryData(CONSENT_KEY, state),
  });
}
