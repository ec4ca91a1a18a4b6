// Deleting an account removes the saved cards at the RBS gateway too (the fake in server/test), and a gateway
// that does not answer stops the deletion before anything of ours changed (docs/decisions/028).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, type FakeClock } from '#server/test/auth-kit';
import { callAs, registeredCustomer } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { rbsAcquirerOf, startRbsFake, type RbsFake } from '#server/test/rbs-fake';
import { createTestApp, type TestApp } from '#server/test/test-app';

const PHONE = '79005552821';
const CARDS_URL = 'http://localhost:3000/profile?t=cards';

describe('account deletion through the RBS gateway', () => {
  let fake: RbsFake;
  let t: TestApp;
  let clock: FakeClock;
  beforeAll(async () => {
    fake = await startRbsFake();
  });
  afterAll(() => fake.close());
  beforeEach(async () => {
    clock = fakeClock();
    t = await createTestApp({ clock, acquirer: rbsAcquirerOf(fake) });
  });
  afterEach(async () => {
    await assertLedgerInvariants(t.deps.db, { now: clock.now() });
    await t.close();
  });

  it('unbinds the saved card at the gateway', async () => {
    await registeredCustomer(t, PHONE);
    const { bindURL } = (
      await callAs(t, PHONE, 'POST', '/api/user/bindExtraPayment', { url: CARDS_URL })
    ).json();
    const back = await fetch(bindURL, {
      method: 'POST',
      body: new URLSearchParams({ answer: 'pay', pan: '4111 1111 1111 1111', expiry: '11/39' }),
      redirect: 'manual',
    });
    expect(back.status).toBe(303);
    const order = fake.orders.get(new URL(bindURL).searchParams.get('mdOrder')!)!;
    const clientId = order.clientId!;
    expect(await t.deps.acquirer.bindings!.listCards(clientId)).toHaveLength(1);

    const deleted = await callAs(t, PHONE, 'POST', '/api/user/delete', { confirm: true });
    expect(deleted.statusCode).toBe(200);
    expect(await t.deps.acquirer.bindings!.listCards(clientId)).toEqual([]);
  });
});
