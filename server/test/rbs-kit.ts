// What the tests through the real RBS adapter and its fake share: the order a bank page pays, the cart's positions
// the order was registered with and each refund named, and a customer's card saved at the fake gateway.
import { eq } from 'drizzle-orm';
import { fiscalReceipts } from '../db/schema/fiscal';
import type { Acquirer } from '../integrations/acquirer/acquirer';
import { fakeClock, type FakeClock } from './auth-kit';
import { rbsAcquirerOf, type RbsFake } from './rbs-fake';
import { RBS_TEST_CARDS, type RbsFakeOrder } from './rbs-fake-state';
import { createTestApp, type TestApp } from './test-app';
import { cardholder, issueKey, OPERATOR_TOKEN } from './till-kit';

/** A position of an order's cart (register.do's `orderBundle`) or of a refund's `refundItems`, as RBS states it. */
export interface RbsCartItem {
  positionId: number;
  name: string;
  itemCode: string;
  quantity: { value: number };
  itemAmount: number;
  itemPrice: number;
}

/** The order the bank's page at `formUrl` pays: its `mdOrder`. */
export const mdOrderOf = (formUrl: string) => new URL(formUrl).searchParams.get('mdOrder')!;

/** The customer pays on the fake bank's page (what the sandbox's card form is for the built-in acquirer). */
export const payAtRbsFake = (fake: RbsFake) => (formUrl: string) => fake.pay(mdOrderOf(formUrl));

/** The positions the order was registered with. */
export const cartItemsOf = (order: RbsFakeOrder) =>
  JSON.parse(order.orderBundle!).cartItems.items as RbsCartItem[];

/** The positions each refund named, in order (none for a refund of an amount alone). */
export const refundItemsOf = (order: RbsFakeOrder) =>
  order.refunds.map((r) => JSON.parse(r.refundItems ?? '{"items":[]}').items as RbsCartItem[]);

/** The customer saves the gateway's test card on its card-saving page; answers the binding. */
export async function saveCardAtRbsFake(t: TestApp, fake: RbsFake, userId: string) {
  const order = await t.deps.acquirer.bindings!.registerBinding({
    clientId: userId,
    requestId: crypto.randomUUID(),
    returnUrl: 'http://localhost:3000/profile?t=cards',
  });
  return fake.bind(order.orderId, { pan: RBS_TEST_CARDS.success, expiry: '12/39' });
}

/** The sale receipt of `sourceId` kept as sales were before their lines were (decision 086): no line numbers. */
export async function forgetSaleLines(t: TestApp, sourceId: string) {
  const externalId = `sell:${sourceId}`;
  const [sale] = await t.deps.db
    .select()
    .from(fiscalReceipts)
    .where(eq(fiscalReceipts.externalId, externalId));
  const items = sale!.document.items.map(({ line: _line, ...item }) => item);
  await t.deps.db
    .update(fiscalReceipts)
    .set({ document: { ...sale!.document, items } })
    .where(eq(fiscalReceipts.id, sale!.id));
}

export interface TillWithSavedCard {
  t: TestApp;
  clock: FakeClock;
  key: string;
  card: Awaited<ReturnType<typeof cardholder>>;
}

/**
 * The app at `start` through the fake gateway (or `acquirer`, wrapping it), point 1's till key, and a cardholder
 * with 1,000 ₽ of bonuses whose card the gateway saved: where the tests of the till's card payments start.
 */
export async function openTillWithSavedCard(
  fake: RbsFake,
  phone: string,
  options: { start: number; acquirer?: Acquirer },
): Promise<TillWithSavedCard> {
  const clock = fakeClock(options.start);
  const acquirer = options.acquirer ?? rbsAcquirerOf(fake);
  const t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN }, acquirer });
  const { key } = await issueKey(t);
  const card = await cardholder(t, phone, 1000);
  await saveCardAtRbsFake(t, fake, card.userId);
  return { t, clock, key, card };
}
