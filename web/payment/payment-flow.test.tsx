import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentResult, PayType } from '#common/contract/loyalty';
import { ruBankPicker } from '../i18n/ru-bank-picker';
import { ruGiftCards } from '../i18n/ru-gift-cards';
import { ruLoyalty } from '../i18n/ru-loyalty';
import type { ApiClient } from '../lib/api-client';
import { ApiProvider } from '../lib/api-context';
import { createQueryClient } from '../lib/query-client';
import { useLocation } from '../lib/router/hooks';
import { RouteOutlet } from '../lib/router/route-outlet';
import { locationOf } from '../lib/router/route-state';
import { matchPage, type PageRoute } from '../lib/router/route-table';
import { RouterProvider } from '../lib/router/router-provider';
import { settingsQuery } from '../lib/settings';
import { FinishStep } from './finish-step';
import { FiscalReceiptNote } from './fiscal-receipt-note';
import { PaymentFailed } from './payment-failed';
import { usePaymentResult } from './use-payment-result';

const DRAFT = '00000000-0000-4000-8000-000000000001';

const result = (answer: Partial<PaymentResult>): PaymentResult => ({
  status: 0,
  draftId: DRAFT,
  state: 'completed',
  formUrl: null,
  confirmationCode: null,
  chequeUrl: null,
  errorCode: null,
  errorMessage: null,
  spent: 0,
  spentExtra: 0,
  earned: 0,
  paySum: 100,
  leftToPay: 100,
  giftCard: null,
  earnRules: [],
  ...answer,
});

/** The app's providers with the brand's settings already loaded (the error screen reads its help contacts). */
function renderAt(path: string, element: ReactNode) {
  const api = { request: vi.fn(async () => ({ version: '1', dictionary: [] })) } as unknown as ApiClient;
  const queryClient: QueryClient = createQueryClient();
  queryClient.setQueryData(settingsQuery(api).queryKey, { phone: null, email: null } as never);
  function Where() {
    const location = useLocation();
    return <output data-testid="where">{location.pathname + location.search}</output>;
  }
  const Page = () => element;
  const page = (Component: () => ReactNode): PageRoute['page'] => ({
    chunk: 'test',
    load: async () => ({ Component }),
  });
  const routes: PageRoute[] = [
    { path: '/pay', handle: {}, page: page(Page) },
    { path: '*', handle: {}, page: page(Where) },
  ];
  window.history.replaceState(null, '', path);
  const initial = {
    location: locationOf(new URL(window.location.href)),
    match: matchPage(routes, path),
    Component: Page,
    error: null,
    status: 200,
  };
  render(
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={api}>
        <RouterProvider routes={routes} initial={initial}>
          <RouteOutlet renderError={() => 'error'} />
        </RouterProvider>
      </ApiProvider>
    </QueryClientProvider>,
  );
}

/** Where the router went: a navigation shows its page once the page is ready. */
const whereNow = async () => (await screen.findByTestId('where')).textContent;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('usePaymentResult', () => {
  function Pay({ answer, payType }: { answer: PaymentResult; payType: PayType }) {
    const payment = usePaymentResult({
      finishPath: (draftId) => `/finish?d=${draftId}`,
      donePath: (draftId) => `/done?d=${draftId}`,
    });
    if (payment.failure) return <PaymentFailed result={payment.failure} texts={ruGiftCards} backTo="/pay" />;
    return (
      <>
        <button type="button" onClick={() => payment.handleResult(answer, payType)}>
          pay
        </button>
        {payment.sbpWait}
      </>
    );
  }
  const pay = (answer: Partial<PaymentResult>, payType: PayType = 'CARD') => {
    renderAt('/pay', <Pay answer={result(answer)} payType={payType} />);
    act(() => screen.getByText('pay').click());
  };

  it('sends a draft paid at once to its done page', async () => {
    pay({ status: 0 });
    expect(await whereNow()).toBe(`/done?d=${DRAFT}`);
  });

  it('waits on the finish page when the bank has nowhere to send the payer', async () => {
    pay({ status: 1, state: 'processing' });
    expect(await whereNow()).toBe(`/finish?d=${DRAFT}`);
  });

  it('opens the bank picker for SBP, and checking the payment goes to the finish page', async () => {
    pay({ status: 1, state: 'processing', formUrl: 'https://qr.nspk.ru/AS1000TEST' }, 'SBP_QR');
    expect(screen.getByRole('dialog', { name: ruBankPicker.title })).toBeTruthy();
    act(() => screen.getByText(ruLoyalty.checkPayment).click());
    expect(await whereNow()).toBe(`/finish?d=${DRAFT}`);
  });

  it('shows a failed and an expired draft with their own texts and the bank’s reason', () => {
    pay({ status: 2, state: 'failed', errorCode: 'DECLINED' });
    expect(screen.getByRole('alert').textContent).toContain(ruGiftCards.failedTitle);
    expect(screen.getByRole('alert').textContent).toContain(ruGiftCards.failedText);
    expect(screen.getByRole('alert').textContent).toContain(ruLoyalty.errorCode('DECLINED'));
    cleanup();
    pay({ status: 3, state: 'expired', errorMessage: 'Срок истёк' });
    expect(screen.getByRole('alert').textContent).toContain(ruGiftCards.expiredTitle);
    expect(screen.getByRole('alert').textContent).toContain('Срок истёк');
  });
});

describe('FinishStep', () => {
  /** completeDraft answers through the payer's client, which calls the browser's fetch. */
  /** The server's answer to completeDraft: a result, or an error with its contract code. */
  function answerComplete(answer: PaymentResult | { status: number; code: string }) {
    const fetch = vi.fn(async () =>
      'code' in answer
        ? new Response(JSON.stringify({ message: 'нет', code: answer.code }), { status: answer.status })
        : new Response(JSON.stringify({ data: answer }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }
  const finish = (draftId: string | null, named?: boolean) =>
    renderAt(
      '/pay',
      <FinishStep
        draftId={draftId}
        named={named}
        texts={ruLoyalty}
        missing={{ title: ruLoyalty.draftMissingTitle, text: ruLoyalty.draftMissingText }}
        retryTo="/again"
      >
        {(paid) => <p>paid {paid.draftId}</p>}
      </FinishStep>,
    );

  it('shows the missing screen for an address without a draft, and asks nothing', () => {
    const fetch = answerComplete(result({}));
    finish(null);
    expect(screen.getByRole('alert').textContent).toContain(ruLoyalty.draftMissingTitle);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('still completes a named draft when the address lacks what else the page needs', async () => {
    const fetch = answerComplete(result({}));
    finish(DRAFT, false);
    expect(screen.getByRole('alert').textContent).toContain(ruLoyalty.draftMissingTitle);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledOnce());
  });

  it('completes the draft and hands the paid result to the page', async () => {
    const fetch = answerComplete(result({}));
    finish(DRAFT);
    expect(await screen.findByText(`paid ${DRAFT}`)).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith(
      '/api/loyalty/completeDraft',
      expect.objectContaining({ body: JSON.stringify({ draftId: DRAFT }) }),
    );
  });

  it('asks again while the paid payment’s 54-FZ receipt is on its way, and shows it once issued (decision 070)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const receipt = (status: 'queued' | 'done') => ({
        status,
        ofdReceiptUrl: status === 'done' ? 'https://check.ofd.example/rec?fn=9999078900000001' : null,
        fnNumber: status === 'done' ? '9999078900000001' : null,
        fiscalDocumentNumber: status === 'done' ? '12' : null,
        fiscalDocumentAttribute: status === 'done' ? '3456789' : null,
      });
      let issued = false;
      const fetch = vi.fn(
        async () =>
          new Response(
            JSON.stringify({ data: result({ fiscalReceipt: receipt(issued ? 'done' : 'queued') }) }),
            {
              status: 200,
            },
          ),
      );
      vi.stubGlobal('fetch', fetch);
      renderAt(
        '/pay',
        <FinishStep
          draftId={DRAFT}
          texts={ruLoyalty}
          missing={{ title: ruLoyalty.draftMissingTitle, text: ruLoyalty.draftMissingText }}
          retryTo="/again"
        >
          {(paid) => <FiscalReceiptNote receipt={paid.fiscalReceipt} />}
        </FinishStep>,
      );
      expect(await screen.findByText(ruLoyalty.fiscalPending)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      expect(fetch).toHaveBeenCalledTimes(2); // still queued: asked again in 10 s
      issued = true;
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      const link = await screen.findByRole('link', { name: ruLoyalty.fiscalLink });
      expect(link.getAttribute('href')).toContain('fn=9999078900000001');
      expect(screen.getByTestId('fiscal-receipt').textContent).toContain('ФД 12');
      // Issued: the page stops asking.
      await act(() => vi.advanceTimersByTimeAsync(60_000));
      expect(fetch).toHaveBeenCalledTimes(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('waits while the bank has not answered', async () => {
    answerComplete(result({ status: 1, state: 'processing' }));
    finish(DRAFT);
    expect(await screen.findByText(ruLoyalty.waitingTitle)).toBeTruthy();
    expect(screen.getByRole('button', { name: ruLoyalty.checkNow })).toBeTruthy();
  });

  it('shows an expired payment with the way back to pay again', async () => {
    answerComplete(result({ status: 3, state: 'expired' }));
    finish(DRAFT);
    expect(await screen.findByText(ruLoyalty.expiredTitle)).toBeTruthy();
    expect(screen.getByRole('link', { name: ruLoyalty.backToPayment }).getAttribute('href')).toBe('/again');
  });

  it('treats a draft this payer does not know as missing', async () => {
    answerComplete({ status: 404, code: 'NOT_FOUND' });
    finish(DRAFT);
    expect(await screen.findByText(ruLoyalty.draftMissingTitle)).toBeTruthy();
  });
});
