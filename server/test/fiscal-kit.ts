// Helpers for the fiscal receipts' tests: the fake ATOL and its client, the brand's fiscal mode, a card payment.
import type { FiscalSettings } from '#common/contract/fiscal-settings';
import type { Clock } from '../core/clock';
import { fiscalReceipts } from '../db/schema/fiscal';
import { createAtolProvider } from '../integrations/fiscal/atol-client';
import { startFakeAtol, type FakeAtol } from '../integrations/fiscal/fake-atol-server';
import type { FiscalProvider } from '../integrations/fiscal/fiscal-provider';
import { sendDueReceipts } from '../features/fiscal/send-receipts';
import { fakeClock } from './auth-kit';
import { completeDraft, createDraft, customerWithBonuses, payOnSandbox, processDraft } from './payments-kit';
import { createTestApp, type TestApp } from './test-app';
import { OPERATOR_TOKEN } from './till-kit';

// The till kit's token, so one app issues till keys and changes the settings alike.
export const FISCAL_OPERATOR = OPERATOR_TOKEN;
export const asOperator = { authorization: `Bearer ${FISCAL_OPERATOR}` };
export const GOOD_CARD = '4111 1111 1111 1111';

/** A real INN (its check digit holds) and the other details a cloud mode needs. */
export const CLOUD: FiscalSettings = {
  mode: 'cloud',
  inn: '7707083893',
  taxSystem: 'osn',
  defaultVat: 'VAT20',
  sellerEmail: 'shop@example.ru',
  paymentAddress: 'https://loyalty.example.ru',
  ffdVersion: '1.2',
};

/** The same details with the gateway's fiscal partner issuing the receipts (decision 080). */
export const GATEWAY_MODE: FiscalSettings = { ...CLOUD, mode: 'gateway' };

export async function fakeAtolWithClient(
  clock: Clock,
): Promise<{ fake: FakeAtol; provider: FiscalProvider }> {
  const fake = await startFakeAtol();
  const provider = createAtolProvider({
    baseUrl: () => Promise.resolve(fake.baseUrl),
    login: 'fake',
    password: 'fake',
    groupCode: 'test-group',
    clock,
    timeoutMs: 2000,
  });
  return { fake, provider };
}

/** An app on a fresh clock with the fake ATOL as its cloud till, and a customer of `phone` with `bonuses`. */
export async function openFiscalApp(phone: string, bonuses: number) {
  const clock = fakeClock();
  const { fake, provider } = await fakeAtolWithClient(clock);
  const t = await createTestApp({ clock, fiscal: provider, config: { operatorToken: FISCAL_OPERATOR } });
  await customerWithBonuses(t, phone, bonuses);
  return { t, clock, fake };
}

/** Saves the brand's fiscal settings through the operator's API; answers the response. */
export async function putFiscal(t: TestApp, fiscal: Partial<FiscalSettings>) {
  const current = (await t.app.inject({ url: '/api/operator/settings', headers: asOperator })).json();
  return t.app.inject({
    method: 'PUT',
    url: '/api/operator/settings',
    headers: asOperator,
    payload: { ...current, fiscal: { ...current.fiscal, ...fiscal } },
  });
}

/** A shop payment of `sum` roubles by the sandbox card, completed; answers the draft's id and what the card paid. */
export async function payByCard(t: TestApp, phone: string, sum: number, spendBonus = false) {
  const draft = await createDraft(t, phone, { paySum: sum, spendBonus, payType: 'CARD' });
  const processed = (await processDraft(t, phone, draft.draftId)).json().data;
  await payOnSandbox(t, processed.formUrl, GOOD_CARD);
  const done = (await completeDraft(t, phone, draft.draftId)).json().data;
  if (done.state !== 'completed') throw new Error(`payment not completed: ${JSON.stringify(done)}`);
  return { draftId: draft.draftId as string, leftToPay: Math.round(draft.leftToPay * 100) };
}

export const receiptRows = (t: TestApp) => t.deps.db.select().from(fiscalReceipts);

/** The fiscal job run until the receipts due are sent and polled: three runs 15 s apart on the test's clock. */
export async function sendReceiptsNow(t: TestApp, clock: { advance(ms: number): void }) {
  for (let run = 0; run < 3; run++) {
    await sendDueReceipts(t.deps);
    clock.advance(15_000);
  }
}
