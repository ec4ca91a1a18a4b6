import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '#server/test/auth-kit';
import { callAs } from '#server/test/cabinet-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createDraft } from '#server/test/payments-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

describe('member care in the console', () => {
  let t: TestApp;
  const clock = fakeClock();
  let support: StaffLogin;
  let member: Awaited<ReturnType<typeof cardholder>>;
  const PHONE = '79005550011';

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    member = await cardholder(t, PHONE, 100);
  });
  afterAll(() => t.close());

  it('finds a member by phone start, card number and name, and shows their page', async () => {
    for (const q of ['+7 900 555', '89005550011', member.cardNum, 'петр', 'Иван']) {
      const found = await asStaff(t, support, { url: `/api/admin/members?q=${encodeURIComponent(q)}` });
      expect(found.statusCode, q).toBe(200);
      expect(
        found.json().map((m: { phone: string }) => m.phone),
        q,
      ).toContain(PHONE);
    }
    const none = await asStaff(t, support, { url: '/api/admin/members?q=0000000000000000' });
    expect(none.json()).toEqual([]);
    const page = await asStaff(t, support, { url: `/api/admin/members/${member.userId}` });
    expect(page.json()).toMatchObject({
      phone: PHONE,
      name: 'Петров Иван',
      balances: { bonus: 100, money: 0 },
      cards: [{ cardNum: member.cardNum, locked: false, active: true }],
    });
  });

  it('adjusts bonuses with a reason through the ledger, within the role limit, once per key', async () => {
    const adjust = (amount: number, idempotencyKey = randomUUID(), who = support) =>
      asStaff(t, who, {
        method: 'POST',
        url: `/api/admin/members/${member.userId}/adjustments`,
        payload: { amount, reason: 'Компенсация за сбой', idempotencyKey },
      });
    const key = randomUUID();
    expect((await adjust(50, key)).json()).toEqual({ bonus: 150 });
    expect((await adjust(50, key)).json()).toEqual({ bonus: 150 });
    clock.advance(1000); // the history is newest first
    expect((await adjust(-20.5)).json()).toEqual({ bonus: 129.5 });
    const tooMuch = await adjust(1500);
    expect(tooMuch.statusCode).toBe(403);
    expect(tooMuch.json().code).toBe('ADJUSTMENT_LIMIT');
    expect((await adjust(-500)).json().code).toBe('INSUFFICIENT_FUNDS');
    const marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
    expect((await adjust(1, randomUUID(), marketer)).json().code).toBe('FORBIDDEN');
    const noReason = await asStaff(t, support, {
      method: 'POST',
      url: `/api/admin/members/${member.userId}/adjustments`,
      payload: { amount: 5, reason: ' ', idempotencyKey: randomUUID() },
    });
    expect(noReason.json().code).toBe('VALIDATION');
    const page = await asStaff(t, support, { url: `/api/admin/members/${member.userId}` });
    expect(page.json().operations[0]).toMatchObject({
      place: 'Корректировка: Компенсация за сбой',
      spent: 20.5,
    });
    await assertLedgerInvariants(t.deps.db);
  });

  it('blocks a card so it neither spends nor earns at the till or the shop, and unblocks it', async () => {
    const { key } = await issueKey(t);
    const lock = (locked: boolean) =>
      asStaff(t, support, {
        method: 'POST',
        url: `/api/admin/members/cards/${member.cardNum}/lock`,
        payload: { locked },
      });
    expect((await lock(true)).json()).toMatchObject({ locked: true });
    const refused = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(member, clock.now().getTime()),
    });
    expect(refused.json()).toMatchObject({ code: 'CARD_LOCKED', message: 'Карта заблокирована' });
    // At the shop: spending is refused with the reason, and paying in full by card earns nothing.
    const spend = await callAs(t, PHONE, 'POST', '/api/loyalty/createDraft', {
      retailPointId: 1,
      paySum: 300,
      spendBonus: true,
      payType: 'CARD',
    });
    expect(spend.json(), spend.body).toMatchObject({ code: 'CARD_LOCKED' });
    expect(spend.json().message).toMatch(/Карта заблокирована/);
    const noEarn = await createDraft(t, PHONE, { paySum: 300, spendBonus: false, payType: 'CARD' });
    expect(noEarn.accountChanges[0]).toMatchObject({ spend: 0, earn: 0 });
    expect((await lock(false)).json()).toMatchObject({ locked: false });
    clock.advance(121_000);
    const ok = await till(t, key, 'POST', '/api/till/verify', {
      code: memberCode(member, clock.now().getTime()),
    });
    expect(ok.statusCode).toBe(200);
    const earns = await createDraft(t, PHONE, { paySum: 300, spendBonus: false, payType: 'CARD' });
    expect(earns.accountChanges[0].earn).toBeGreaterThan(0);
    const log = await asStaff(t, support, { url: '/api/admin/audit' });
    expect(log.statusCode).toBe(403);
  });

  it('ends the member sessions', async () => {
    const ended = await asStaff(t, support, {
      method: 'POST',
      url: `/api/admin/members/${member.userId}/sessions/end-all`,
    });
    expect(ended.json().ended).toBeGreaterThanOrEqual(1);
    const page = await asStaff(t, support, { url: `/api/admin/members/${member.userId}` });
    expect(page.json().activeSessions).toBe(0);
  });

  it('deletes an account for a letter and then refuses adjusting it or unblocking its card (review)', async () => {
    const other = await cardholder(t, '79005550012', 40);
    const owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    const remove = (who: StaffLogin, payload: object) =>
      asStaff(t, who, { method: 'POST', url: '/api/operator/members/delete', payload });
    // Deleting is its own permission (decision 053): support adjusts, but does not delete.
    const bySupport = await remove(support, { phone: '79005550012', reason: 'Письмо № 77' });
    expect(bySupport.statusCode).toBe(403);
    expect(bySupport.json().code).toBe('FORBIDDEN');
    const noReason = await remove(owner, { phone: '79005550012' });
    expect(noReason.statusCode).toBe(400);
    const blankReason = await remove(owner, { phone: '79005550012', reason: '  ' });
    expect(blankReason.statusCode).toBe(400);
    expect((await asStaff(t, support, { url: `/api/admin/members/${other.userId}` })).json()).toMatchObject({
      balances: { bonus: 40 },
    });
    const deleted = await remove(owner, { phone: '79005550012', reason: 'Письмо № 77' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ bonusClosed: 40, moneyClosed: 0 });
    const log = await asStaff(t, owner, { url: '/api/admin/audit?action=member.delete' });
    expect(log.json().items[0]).toMatchObject({
      actor: owner.email,
      entityId: other.userId,
      after: { reason: 'Письмо № 77', bonusClosed: 40 },
    });
    const adjust = await asStaff(t, support, {
      method: 'POST',
      url: `/api/admin/members/${other.userId}/adjustments`,
      payload: { amount: 10, reason: 'Проверка', idempotencyKey: randomUUID() },
    });
    expect(adjust.statusCode).toBe(404);
    const unlock = await asStaff(t, support, {
      method: 'POST',
      url: `/api/admin/members/cards/${other.cardNum}/lock`,
      payload: { locked: false },
    });
    expect(unlock.statusCode).toBe(404);
    const page = await asStaff(t, support, { url: `/api/admin/members/${other.userId}` });
    expect(page.json()).toMatchObject({ balances: { bonus: 0, money: 0 } });
  });
});
