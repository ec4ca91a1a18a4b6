import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { hasCode } from '#web/lib/api-errors';
import { useApi } from '#web/lib/api-context';
import { useHydrated, useIsLoggedIn } from '#web/lib/session';
import { ensurePayer, payerApiClient } from '#web/payment/payer-session';
import { openDraft, type DraftChoice } from './payment-api';
import { retailPointQuery } from './retail-point';
import { PAYER_KEY } from '#web/payment/payer-session';

/** The point a payment QR names (public; rendered on the server). */
export function useRetailPoint(retailPointId: number | null) {
  return useQuery({ ...retailPointQuery(useApi(), retailPointId ?? 0), enabled: retailPointId !== null });
}

/** A temporary payer's session the server no longer knows is replaced once, then the error shows. */
const retryLostPayer = (count: number, error: unknown) => count < 1 && hasCode(error, 'INVALID_TOKEN');

/** The payer's spendable bonuses and the brand's spend limit; only in the browser, where the tokens are. */
export function useBalance() {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: [...PAYER_KEY, 'balance'],
    queryFn: async () => {
      const api = payerApiClient();
      await ensurePayer(api);
      return api.request('POST /api/loyalty/getUserBalance', { body: {} });
    },
    enabled: hydrated,
    staleTime: 0,
    retry: retryLostPayer,
  });
}

/**
 * The page's draft for the current choice, recomputed by the server whenever the choice changes; the last
 * answer stays on screen while the next loads, so the sums never blink.
 */
export function useDraft(choice: DraftChoice | null) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: [...PAYER_KEY, 'draft', choice],
    queryFn: async () => {
      const api = payerApiClient();
      await ensurePayer(api);
      return openDraft(api, choice!);
    },
    enabled: hydrated && choice !== null,
    staleTime: 0,
    gcTime: 0,
    placeholderData: keepPreviousData,
    retry: retryLostPayer,
  });
}

/**
 * The step before the confirmation popup: the draft recomputed once more for exactly the choice on screen,
 * so the popup shows what the server will charge (a slower earlier recompute can never win).
 */
export function usePrepareDraft() {
  return useMutation({ mutationFn: (choice: DraftChoice) => openDraft(payerApiClient(), choice) });
}

export function useProcessDraft() {
  return useMutation({
    mutationFn: (body: { draftId: string; email?: string; returnUrl: string; bindingId?: string }) =>
      payerApiClient()
        .request('POST /api/loyalty/processDraft', { body: { ...body, createBinding: false } })
        .then((answer) => answer.data),
  });
}

/** A logged-in customer's saved bank cards, offered as a way to pay the rest (a visitor has none). */
export function usePayerSavedCards() {
  const hydrated = useHydrated();
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: [...PAYER_KEY, 'saved-cards'],
    queryFn: () => payerApiClient().request('GET /api/user/getExtraPayment'),
    enabled: hydrated && loggedIn,
    retry: false,
    select: (answer) => (answer.payable ? answer.cards.filter((card) => card.bindingState === 'ACTIVE') : []),
  });
}

export function useSendCheque() {
  return useMutation({
    mutationFn: (body: { draftId: string; email: string }) =>
      payerApiClient().request('POST /api/loyalty/sendCheque', { body }),
  });
}

export function useOldPayment() {
  return useMutation({
    mutationFn: async (body: { token: string; paySum: number }) => {
      const api = payerApiClient();
      await ensurePayer(api);
      return (await api.request('POST /api/payment', { body })).data;
    },
  });
}
