import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaigns } from '#server/db/schema/programme';
import { auditLog } from '#server/db/schema/staff';
import { fakeClock } from '#server/test/auth-kit';
import { assertLedgerInvariants } from '#server/test/ledger-invariants';
import { createDraft } from '#server/test/payments-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { cardholder, issueKey, memberCode, OPERATOR_TOKEN, till } from '#server/test/till-kit';

/** Monday 30.11.2026, 12:00 in Moscow: the demo's weekend campaign does not run. */
const MONDAY_NOON = Date.parse('2026-11-30T09:00:00Z');

const fixed = (bonuses: number, title = `Подарок ${bonuses}`) => ({
  title,
  startsOn: '2026-11-01',
  effect: { kind: 'FIXED', bonuses },
  priority: 100,
  stacks: true,
});

/**
 * Issue 26: campaign rights alone let a marketer mint bonuses (three stacking FIXED campaigns of 100 000; a
 * 9 999 ₽ cheque earned 300 999.90). The owner's limits (decision 046): a campaign past them is the owner's to
 * save, the limits are the owner's to change, and one cheque earns at most its share of the cheque whatever
 * the rules say, at the till and in the shop alike.
 */
describe("the owner's earn limits", () => {
  let t: TestApp;
  const clock = fakeClock(MONDAY_NOON);
  let owner: StaffLogin;
  let marketer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
  });
  afterAll(async () => {
    await assertLedgerInvariants(t.deps.db);
    await t.close();
  });

  const as = (who: StaffLogin, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    asStaff(t, who, { method, url, ...(payload && { payload }) });
  const remove = async (id: string) =>
    expect(
      (await asStaff(t, owner, { method: 'DELETE', url: `/api/operator/campaigns/${id}` })).statusCode,
    ).toBe(200);
  const campaignCount = async () => (await t.deps.db.select({ n: count() }).from(campaigns))[0]!.n;

  it("refuses a marketer's campaign past the limits, naming the limit; the owner may save it", async () => {
    const before = await campaignCount();
    for (const [effect, field, text] of [
      [{ kind: 'FIXED', bonuses: 100_000 }, 'effect.bonuses', 'Бонусов больше предела 500'],
      [{ kind: 'MULTIPLIER', factor: 5 }, 'effect.factor', 'Множитель больше предела ×3'],
      [{ kind: 'EXTRA_PERCENT', percent: 40 }, 'effect.percent', 'Процент больше предела 10%'],
    ] as const) {
      const refused = await as(marketer, 'POST', '/api/operator/campaigns', { ...fixed(1), effect });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'CAMPAIGN_LIMIT',
        fields: { [field]: expect.any(String) },
      });
      expect(refused.json().message).toContain(text);
    }
    expect(await campaignCount()).toBe(before);

    // Within the limits the marketer saves as before; raising an existing one past them is refused too.
    const within = await as(marketer, 'POST', '/api/operator/campaigns', fixed(500, 'В пределах'));
    expect(within.statusCode, within.body).toBe(200);
    const id = within.json<{ id: string }>().id;
    const raised = await as(marketer, 'PUT', `/api/operator/campaigns/${id}`, fixed(501, 'В пределах'));
    expect(raised.json().code).toBe('CAMPAIGN_LIMIT');
    const [row] = await t.deps.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row!.effectValue).toBe(50_000);
    await remove(id);

    const byOwner = await as(owner, 'POST', '/api/operator/campaigns', fixed(100_000, 'Владелец'));
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    await remove(byOwner.json<{ id: string }>().id);
  });

  it('keeps the limits the owner’s: a marketer cannot change them, the owner can', async () => {
    const current = (await as(marketer, 'GET', '/api/operator/settings')).json<Record<string, unknown>>();
    expect(current.earnLimits).toEqual({
      chequePercent: 50,
      campaignFactor: 3,
      campaignExtraPercent: 10,
      campaignFixed: 500,
      eventBonus: 500,
    });
    const audits = (await t.deps.db.select().from(auditLog)).length;
    for (const earnLimits of [
      {
        chequePercent: 100,
        campaignFactor: 10,
        campaignExtraPercent: 100,
        campaignFixed: 100_000,
        eventBonus: 500,
      },
      { chequePercent: 10, campaignFactor: 3, campaignExtraPercent: 10, campaignFixed: 500, eventBonus: 500 },
      {
        chequePercent: 50,
        campaignFactor: 3,
        campaignExtraPercent: 10,
        campaignFixed: 500,
        eventBonus: 100_000,
      },
    ]) {
      const refused = await as(marketer, 'PUT', '/api/operator/settings', { ...current, earnLimits });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    // The content file's settings are no way round it.
    const file = (await as(marketer, 'GET', '/api/operator/content')).json<{ settings: object }>();
    const imported = await as(marketer, 'PUT', '/api/operator/content', {
      ...file,
      settings: {
        ...file.settings,
        earnLimits: { ...(current.earnLimits as object), campaignFixed: 100_000 },
      },
    });
    expect(imported.statusCode, imported.body).toBe(403);
    expect((await t.deps.db.select().from(auditLog)).length).toBe(audits);
    // The marketer's other settings still save with the limits as they are.
    const saved = await as(marketer, 'PUT', '/api/operator/settings', { ...current, welcomeBonus: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    // A welcome or birthday bonus of 100 000 mints as a campaign would: past the owner's 500, the owner's.
    for (const key of ['welcomeBonus', 'referralBonus', 'referralFriendBonus', 'birthdayBonus']) {
      const minted = await as(marketer, 'PUT', '/api/operator/settings', { ...current, [key]: 100_000 });
      expect(minted.statusCode, minted.body).toBe(403);
      expect(minted.json().message).toBe('Бонус больше предела 500: его ставит только владелец программы');
    }
    expect(
      (await as(marketer, 'PUT', '/api/operator/settings', { ...current, birthdayBonus: 500 })).statusCode,
    ).toBe(200);
    const ownersGift = await as(owner, 'PUT', '/api/operator/settings', { ...current, welcomeBonus: 1000 });
    expect(ownersGift.statusCode, ownersGift.body).toBe(200);
    // The owner's 1 000 stays when the marketer saves something else.
    const kept = await as(marketer, 'PUT', '/api/operator/settings', {
      ...current,
      welcomeBonus: 1000,
      description: 'Бонусы за покупки',
    });
    expect(kept.statusCode, kept.body).toBe(200);

    const raised = await as(owner, 'PUT', '/api/operator/settings', {
      ...current,
      earnLimits: { ...(current.earnLimits as object), campaignFixed: 1000 },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    const fixedOf1000 = await as(marketer, 'POST', '/api/operator/campaigns', fixed(1000, 'Теперь можно'));
    expect(fixedOf1000.statusCode, fixedOf1000.body).toBe(200);
    await remove(fixedOf1000.json<{ id: string }>().id);
    const back = await as(owner, 'PUT', '/api/operator/settings', current);
    expect(back.statusCode).toBe(200);
  });

  it('caps what one cheque earns at the owner’s share of it: till, shop and preview alike', async () => {
    // The issue's case, saved by the owner (who may): three stacking FIXED campaigns of 100 000.
    for (const n of [1, 2, 3]) {
      const saved = await as(owner, 'POST', '/api/operator/campaigns', fixed(100_000, `Подарок ${n}`));
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const preview = await as(owner, 'POST', '/api/operator/earn-preview', {
      retailPointId: 1,
      sum: 9999,
      at: '2026-11-30T12:00:00+03:00',
    });
    expect(preview.json().earn).toBe(4999.5); // 50 % of 9 999 ₽, not 300 999.90

    const member = await cardholder(t, '79553000001', 0);
    const { key } = await issueKey(t, 1);
    const code = memberCode(member, clock.now().getTime());
    const visit = (await till(t, key, 'POST', '/api/till/verify', { code })).json();
    const accrued = await till(t, key, 'POST', '/api/till/accrue', {
      visitId: visit.visitId,
      sum: 9999,
      idempotencyKey: 'big-cheque',
    });
    expect(accrued.statusCode, accrued.body).toBe(200);
    expect(accrued.json()).toMatchObject({ earned: 4999.5 });

    const draft = await createDraft(t, '79553000001', { paySum: 9999, spendBonus: false, payType: 'CARD' });
    expect(draft.accountChanges[0]).toMatchObject({ type: 'GLOBAL', earn: 4999.5 });
  });
});
