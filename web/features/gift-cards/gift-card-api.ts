import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInvoiceBody, GiftCardInvoice } from '#common/contract/gift-card-invoices';
import type { CreateGiftCardOrderBody, GiftCardOrder } from '#common/contract/gift-cards';
import type { PaymentResult, PayType } from '#common/contract/loyalty';
import { useApi } from '#web/lib/api-context';
import { USER_KEY, useHydrated } from '#web/lib/session';
import { ensurePayer, payerApiClient } from '#web/payment/payer-session';
import { receiptLookIn } from '#web/payment/receipt-look';

/**
 * Orders are made by whoever pays: the logged-in customer, or a visitor's temporary payer (the same one the
 * shop payment uses), so a visitor can give a card without a bonus card of their own.
 */
export function useCreateOrder() {
  return useMutation({
    mutationFn: async (body: CreateGiftCardOrderBody): Promise<GiftCardOrder> => {
      const api = payerApiClient();
      await ensurePayer(api);
      return (await api.request('POST /api/gc/create', { body })).data;
    },
  });
}

/** Where the bank sends the buyer back: the end-payment page with the draft and the order. */
export function endPaymentPath(draftId: string, orderId: string): string {
  return `/gc/endpayment?${new URLSearchParams({ d: draftId, o: orderId }).toString()}`;
}

export const resultPath = (orderId: string) => `/gc/result?${new URLSearchParams({ d: orderId }).toString()}`;

interface PayOrder {
  order: GiftCardOrder;
  payType: Extract<PayType, 'CARD' | 'SBP_QR'>;
  email: string;
  retailPointId: number;
}

/**
 * Pays an order through its GIFT_CARD draft: the server reuses the order's live draft (so a second click or
 * a reload never makes two) and charges the bill it computed; the page only echoes the total it was shown,
 * which the server checks.
 */
export function usePayOrder() {
  return useMutation({
    mutationFn: async ({ order, payType, email, retailPointId }: PayOrder): Promise<PaymentResult> => {
      const api = payerApiClient();
      const { data: draft } = await api.request('POST /api/loyalty/createDraft', {
        body: {
          productType: 'GIFT_CARD',
          giftCardOrderId: order.orderId,
          paySum: order.bill.total,
          payType,
          spendBonus: false,
          retailPointId,
        },
      });
      const returnUrl = new URL(endPaymentPath(draft.draftId, order.orderId), window.location.origin).href;
      const { data } = await api.request('POST /api/loyalty/processDraft', {
        body: { draftId: draft.draftId, email, returnUrl, createBinding: false },
      });
      return data;
    },
  });
}

/** The buyer's view of a paid order; only in the browser, where the payer's tokens are. */
const DUE_LOOK_MS = 10_000;
const MAX_WAIT_MS = 30 * 60_000;

/** How long until the result page asks again about its cards' SMS; false once every SMS has gone. */
export function nextLookIn(
  cards: ReadonlyArray<{ sentAt: string | null; sendAt: string | null }>,
  updates: number,
  now = Date.now(),
): number | false {
  const waiting = cards.filter((card) => card.sentAt === null);
  if (waiting.length === 0) return false;
  const due = Math.min(...waiting.map((card) => (card.sendAt ? Date.parse(card.sendAt) : now)));
  if (due <= now) return updates < 60 ? DUE_LOOK_MS : false;
  return Math.min(Math.max(due - now, DUE_LOOK_MS), MAX_WAIT_MS);
}

export { receiptLookIn };

export function useBoughtCard(orderId: string | null) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: ['gift-cards', 'order', orderId],
    queryFn: () => payerApiClient().request('POST /api/gc/getcard', { body: { orderId: orderId! } }),
    enabled: hydrated && orderId !== null,
    retry: false,
    // While a card waits for its SMS, the page looks again: every 10 s once it is due (sent within seconds; at
    // most 10 minutes of that), else when the earliest sending date comes (checked at least every 30 minutes),
    // so it never keeps saying the SMS is coming after it went.
    // A 54-FZ receipt on its way is looked for the same way (decision 070): issued within seconds.
    refetchInterval: (query) => {
      const { data, dataUpdateCount } = query.state;
      const cards = nextLookIn(data?.cards ?? [], dataUpdateCount);
      const receipt = receiptLookIn(data?.fiscalReceipt, dataUpdateCount);
      return cards === false ? receipt : receipt === false ? cards : Math.min(cards, receipt);
    },
  });
}

/**
 * The code behind the last 4 digits, or the whole phone once the card's last-4 tries ran out (decision 047): a
 * public call, made without anyone's token.
 */
export function useRevealCode(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (body: { last4: string } | { phone: string }) =>
      api.request('POST /api/gc/card/:id/reveal', { params: { id }, body }),
  });
}

/**
 * Moves the card's value into the logged-in customer's balance (decision 023): the customer's own tokens
 * (useApi's client carries them), never a temporary payer's, since only the recipient's phone may.
 */
export function useAddToBalance(id: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.request('POST /api/gc/card/:id/add', { params: { id }, body: {} }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['gift-cards', 'card', id] });
      void queryClient.invalidateQueries({ queryKey: USER_KEY });
    },
  });
}

/** A company's purchase by invoice: made by the customer or a visitor's temporary payer, like an order. */
export function useCreateInvoice() {
  return useMutation({
    mutationFn: async (body: CreateInvoiceBody): Promise<GiftCardInvoice> => {
      const api = payerApiClient();
      await ensurePayer(api);
      return (await api.request('POST /api/gc/juridical', { body })).data;
    },
  });
}

/** The buyer's invoice (number, state, bill, PDF link); only in the browser, where the payer's tokens are. */
export function useInvoice(invoiceId: string | null) {
  const hydrated = useHydrated();
  return useQuery({
    queryKey: ['gift-cards', 'invoice', invoiceId],
    queryFn: () =>
      payerApiClient()
        .request('GET /api/gc/invoice/:invoiceId', { params: { invoiceId: invoiceId! } })
        .then((answer) => answer.data),
    enabled: hydrated && invoiceId !== null,
    retry: false,
  });
}
