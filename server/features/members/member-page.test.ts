import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsSends, users } from '#server/db/schema/auth';
import { sandboxBindings } from '#server/db/schema/bindings';
import { operations } from '#server/db/schema/cabinet';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock, outbox } from '#server/test/auth-kit';
import { createDraft, processDraft } from '#server/test/payments-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, OPERATOR_TOKEN } from '#server/test/till-kit';

/** The member's page, further (docs/decisions/033): holds, saved cards, operations paged, the login SMS again. */
describe("the member's page in the console", () => {
  let t: TestApp;
  const clock = fakeClock();
  let support: StaffLogin;
  let member: Awaited<ReturnType<typeof cardholder>>;
  const PHONE = '79005550021';

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    member = await cardholder(t, PHONE, 100);
  });
  afterAll(() => t.close());

  const get = (path: string, who = support) =>
    asStaff(t, who, { url: `/api/admin/members/${member.userId}${path}` });

  it("shows what a payment in progress holds and the saved cards' last digits only", async () => {
    expect((await get('/holds')).json()).toEqual({ bonus: 0, money: 0 });
    const draft = await createDraft(t, PHONE, { paySum: 300, spendBonus: true, payType: 'CARD' });
    const processed = await processDraft(t, PHONE, draft.draftId);
    expect(processed.statusCode, processed.body).toBe(200);
    const holds = (await get('/holds')).json();
    expect(holds.bonus).toBeGreaterThan(0);
    expect(holds.money).toBe(0);

    await t.deps.db
      .insert(sandboxBindings)
      .values({ clientId: member.userId, panLast4: '4242', expiry: '12/30', createdAt: clock.now() });
    const cards = await get('/saved-cards');
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json()).toEqual([expect.objectContaining({ maskedPan: '•••• 4242', expiry: '12/30' })]);
  });

  it('pages the operations 50 at a time and filters them by type and days', async () => {
    const base = new Date('2026-03-01T12:00:00Z').getTime();
    await t.deps.db.insert(operations).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: member.userId,
        place: `Магазин ${i}`,
        occurredAt: new Date(base + i * 86_400_000),
        amountEarn: 100,
        state: 'PROCESSED' as const,
        type: i % 2 ? ('CASHBACK' as const) : ('PAYMENT' as const),
      })),
    );
    const first = (await get('/operations')).json();
    expect(first.items).toHaveLength(50);
    const second = (await get(`/operations?before=${encodeURIComponent(first.next)}`)).json();
    const all = [...first.items, ...second.items];
    expect(second.next).toBeNull();
    expect(new Set(all.map((o: { id: string }) => o.id)).size).toBe(all.length);
    expect(all.filter((o: { place: string }) => o.place.startsWith('Магазин'))).toHaveLength(60);

    // 2026-03-01 … 2026-03-05 in Moscow: five days, of which the PAYMENT ones are the 1st, 3rd and 5th.
    const days = (await get('/operations?type=PAYMENT&from=2026-03-01&to=2026-03-05')).json();
    expect(days.items.map((o: { place: string }) => o.place)).toEqual([
      'Магазин 4',
      'Магазин 2',
      'Магазин 0',
    ]);
    const bad = await get('/operations?from=1-3-2026');
    expect(bad.statusCode).toBe(400);
  });

  it('sends the login SMS again under the SMS limits, audited without the code', async () => {
    const resend = () =>
      asStaff(t, support, { method: 'POST', url: `/api/admin/members/${member.userId}/login-sms` });
    // The member logged in moments ago: the site's 60-second gap between codes holds for the console too.
    expect((await resend()).statusCode).toBe(429);
    clock.advance(61_000);
    const sent = await resend();
    expect(sent.statusCode, sent.body).toBe(200);
    const [message] = await outbox(t, PHONE);
    expect(message?.code).toMatch(/^\d{5}$/);
    const again = await resend();
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('TOO_MANY_REQUESTS');
    const audits = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.resend-login-sms'));
    expect(audits).toHaveLength(1);
    expect(JSON.stringify(audits)).not.toContain(message!.code);
    expect(JSON.stringify(audits)).not.toContain(PHONE);

    const viewer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'viewer');
    expect((await get('/holds', viewer)).statusCode).toBe(200);
    const forbidden = await asStaff(t, viewer, {
      method: 'POST',
      url: `/api/admin/members/${member.userId}/login-sms`,
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('refuses a bad page cursor or day with a 400, not a 500', async () => {
    for (const query of [
      'before=2026-99-99T99:99:99Z_00000000-0000-0000-0000-000000000000',
      'from=2026-13-45',
      'to=2026-02-30x',
    ]) {
      const response = await get(`/operations?${query}`);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('sends no login SMS to a payer without a phone (a temporary user), and audits nothing', async () => {
    const [payer] = await t.deps.db
      .insert(users)
      .values({ phone: 'temp-00000000-0000-4000-8000-000000000001' })
      .returning();
    const audits = async () =>
      (await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'member.resend-login-sms'))).length;
    const before = await audits();
    const response = await asStaff(t, support, {
      method: 'POST',
      url: `/api/admin/members/${payer!.id}/login-sms`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/телефон/);
    expect(await t.deps.db.select().from(smsSends).where(eq(smsSends.phone, payer!.phone))).toHaveLength(0);
    expect(await audits()).toBe(before);
  });
});
