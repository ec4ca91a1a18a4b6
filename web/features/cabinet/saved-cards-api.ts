import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApi } from '#web/lib/api-context';
import { saveTokens } from '#web/lib/auth-tokens';
import { USER_KEY } from '#web/lib/session';

const SAVED_CARDS_KEY = [...USER_KEY, 'saved-cards'] as const;

/** `GET api/user/getExtraPayment`: the saved bank cards, as the gateway holds them. */
export function useSavedCards() {
  const api = useApi();
  return useQuery({
    queryKey: SAVED_CARDS_KEY,
    queryFn: () => api.request('GET /api/user/getExtraPayment'),
    staleTime: 0,
    retry: false,
  });
}

/**
 * `POST api/user/bindExtraPayment`: the gateway's page that saves a card, returning to /profile?t=cards. One
 * requestId per attempt, so a retry after a timeout (or after the SMS step) answers the same page.
 */
export function useBindCard() {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { url: string; requestId: string }) =>
      api.request('POST /api/user/bindExtraPayment', { body }),
  });
}

/** How the attempt the gateway sent the customer back from ended; asked again while it is pending. */
export function useBindingStatus(requestId: string | null) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...USER_KEY, 'binding', requestId],
    queryFn: async () => {
      const status = await api.request('GET /api/user/bindingStatus/:requestId', {
        params: { requestId: requestId! },
      });
      if (status.state === 'bound') void queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY });
      return status;
    },
    enabled: requestId !== null,
    retry: false,
    refetchInterval: (query) => (query.state.data?.state === 'pending' ? 2_000 : false),
  });
}

/** `POST api/user/unbindExtraPayment`; the list is fetched again afterwards (spec section 4 "Cards"). */
export function useUnbindCard() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.request('POST /api/user/unbindExtraPayment', { body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY }),
  });
}

/**
 * The fresh SMS confirmation saving a card needs: a code to the customer's own phone, then a new token pair
 * for the same customer. The cached cabinet stays (it is the same person), so the page keeps its place.
 */
export function useSmsStepUp() {
  const api = useApi();
  const send = useMutation({
    mutationFn: (phone: string) => api.request('POST /api/auth/phone', { body: { phone } }),
  });
  const confirm = useMutation({
    mutationFn: (input: { phone: string; code: string }) =>
      api.request('POST /api/auth/token', { body: { phone: input.phone, token: input.code } }),
    onSuccess: (pair) => saveTokens(pair.token, pair.refresh),
  });
  return { send, confirm };
}

/**
 * `POST api/user/googleBindingCard` / `appleBindingCard`: the wallet's token saves its card at the gateway (after
 * the same fresh SMS confirmation); the list is fetched again afterwards.
 */
export function useBindWallet() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { wallet: 'google' | 'apple'; token: string }) =>
      input.wallet === 'google'
        ? api.request('POST /api/user/googleBindingCard', {
            body: {
              token: input.token,
              returnUrl: new URL('/profile?t=cards', window.location.origin).toString(),
            },
          })
        : api.request('POST /api/user/appleBindingCard', { body: { token: input.token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SAVED_CARDS_KEY }),
  });
}
