// Decision 090: an ended day's fiscal money and receipts come from the rollup, its receipts' state stays live.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarDay } from '#common/lib/format';
import type { FakeAtol } from '#server/integrations/fiscal/fake-atol-server';
import type { FakeClock } from '#server/test/auth-kit';
import { CLOUD, openFiscalApp, payByCard, putFiscal, sendReceiptsNow } from '#server/test/fiscal-kit';
import { customerWithBonuses } from '#server/test/payments-kit';
import type { TestApp } from '#server/test/test-app';
import { buildReport } from './report';
import { addDays } from './report-queries';

const SHOPPER = '79006668311';
/** Logged in on the next day (a day-old session's access token has expired). */
const NEXT_DAY_SHOPPER = '79006668312';
const TZ = 'Europe/Moscow';

describe('the report’s fiscal reconciliation over ended days', () => {
  let t: TestApp;
  let clock: FakeClock;
  let fake: FakeAtol;
  beforeEach(async () => {
    ({ t, clock, fake } = await openFiscalApp(SHOPPER, 0));
    expect((await putFiscal(t, CLOUD)).statusCode).toBe(200);
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const sendAll = () => sendReceiptsNow(t, clock);
  /** The day's reconciliation asked on `today`: the day itself live, or ended (in the rollup) the day after. */
  const fiscalOn = async (day: string, today: string) =>
    (await buildReport(t.deps, { from: day, to: day }, { today })).fiscal!.total;

  it('a receipt queued on a day that has ended counts as issued once it is done, and as failed if refused', async () => {
    const day = calendarDay(clock.now(), TZ);
    const shop = await payByCard(t, SHOPPER, 500);
    const pending = await fiscalOn(day, addDays(day, 1));
    expect(pending).toMatchObject({
      money: { shop: shop.leftToPay, total: shop.leftToPay },
      receipts: { issued: 0, pending: shop.leftToPay, failed: 0 },
      reasons: ['pending'],
    });
    expect(await fiscalOn(day, day)).toEqual(pending);

    await sendAll();
    const issued = await fiscalOn(day, addDays(day, 1));
    expect(issued).toMatchObject({
      receipts: { issued: shop.leftToPay, pending: 0, failed: 0 },
      difference: 0,
    });
    expect(await fiscalOn(day, day)).toEqual(issued);

    // The next day (the first is closed for good): a receipt the provider refuses.
    clock.advance(86_400_000);
    const next = calendarDay(clock.now(), TZ);
    fake.refuseWith = 'Неверный ИНН';
    await customerWithBonuses(t, NEXT_DAY_SHOPPER, 0);
    const refused = await payByCard(t, NEXT_DAY_SHOPPER, 300);
    const queued = await fiscalOn(next, addDays(next, 1));
    expect(queued.receipts).toEqual({ issued: 0, pending: refused.leftToPay, failed: 0 });
    await sendAll();
    const failed = await fiscalOn(next, addDays(next, 1));
    expect(failed).toMatchObject({
      money: { total: refused.leftToPay },
      receipts: { issued: 0, pending: 0, failed: refused.leftToPay },
      reasons: ['failed'],
    });
    expect(await fiscalOn(next, next)).toEqual(failed);
  });
});
