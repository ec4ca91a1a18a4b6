import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '#common/contract/permissions';
import { fakeClock } from '#server/test/auth-kit';
import { BUYER, buyAndPay, paidGiftCard } from '#server/test/gift-cards-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';

const RECIPIENT = '79005551735';
const COMPANY_BUYER = '79005552468';

/**
 * Phones in the console (docs/decisions/047): only a role that dials them sees them whole, and the mask never
 * shows the last 4 digits (they open a gift card's code on its public page). Lookups and reveals are audited.
 */
describe('phones in the console', () => {
  let t: TestApp;
  const clock = fakeClock();
  const staff = {} as Record<StaffRole, StaffLogin>;
  let card: { code: string; publicId: string };
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    for (const role of ['owner', 'support', 'accountant', 'viewer'] as const)
      staff[role] = await staffOfRole(t, clock, OPERATOR_TOKEN, role);
    card = await paidGiftCard(t, OPERATOR_TOKEN, RECIPIENT, 1000, COMPANY_BUYER);
    await buyAndPay(t);
  });
  afterAll(() => t.close());

  const get = (role: StaffRole, url: string) => asStaff(t, staff[role], { url });
  const audit = async (action: string) =>
    (
      await t.app.inject({
        url: `/api/admin/audit?action=${action}`,
        headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
      })
    ).json().items as { actor: string; entityId: string | null; after: unknown; ip: string | null }[];

  it("the gift-card lookup shows the recipient's phone whole to the owner only, and is audited", async () => {
    const lookup = (role: StaffRole) => get(role, `/api/operator/gift-cards?q=${card.publicId}`);
    expect((await lookup('owner')).json()[0].recipientPhone).toBe(RECIPIENT);
    for (const role of ['accountant', 'viewer'] as const) {
      const answer = await lookup(role);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()[0].recipientPhone).toBe('+7 900 •••-••-••');
      expect(answer.body).not.toContain('1735');
    }
    const rows = await audit('giftCard.lookedUp');
    expect(rows.map((r) => r.actor)).toEqual([staff.viewer.email, staff.accountant.email, staff.owner.email]);
    expect(rows[0]).toMatchObject({ entityId: card.publicId, after: { found: [card.publicId] } });
    // A search by the code's end names its last 4 digits, never the whole code.
    await get('viewer', `/api/operator/gift-cards?q=${card.code}`);
    const [byCode] = await audit('giftCard.lookedUp');
    expect(JSON.stringify(byCode)).not.toContain(card.code);
    expect(byCode).toMatchObject({ after: { codeEnd: card.code.slice(-4), found: [card.publicId] } });
  });

  it("the buyers' phones of card-paid orders are masked for the accountant and the viewer", async () => {
    const owner = (await get('owner', '/api/operator/gift-card-orders')).json() as { buyerPhone: string }[];
    expect(owner.map((o) => o.buyerPhone)).toContain(BUYER);
    const viewer = await get('viewer', '/api/operator/gift-card-orders');
    expect(viewer.body).not.toContain(BUYER);
    expect(viewer.body).not.toContain(BUYER.slice(-4));
    expect((viewer.json() as { buyerPhone: string }[])[0]!.buyerPhone).toBe('+7 900 •••-••-••');
  });

  it("members' phones: whole for support and the owner, masked for the viewer, who finds a phone only whole", async () => {
    const search = (role: StaffRole, q: string) => get(role, `/api/admin/members?q=${q}`);
    const supportFound = (await search('support', COMPANY_BUYER.slice(0, 8))).json() as { phone: string }[];
    expect(supportFound.map((m) => m.phone)).toContain(COMPANY_BUYER);
    // The viewer's search by a phone's start finds nothing (it would spell a phone out digit by digit) ...
    expect((await search('viewer', COMPANY_BUYER.slice(0, 8))).json()).toEqual([]);
    // ... the whole phone finds its member, shown masked, and so does the member's page.
    const found = await search('viewer', COMPANY_BUYER);
    expect(found.json()).toEqual([expect.objectContaining({ phone: '+7 900 •••-••-••' })]);
    const userId = found.json()[0].userId as string;
    const page = await get('viewer', `/api/admin/members/${userId}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().phone).toBe('+7 900 •••-••-••');
    expect(page.body).not.toContain(COMPANY_BUYER.slice(-4));
    expect((await get('support', `/api/admin/members/${userId}`)).json().phone).toBe(COMPANY_BUYER);
  });

  it("a reveal of a card's code on its public page is audited with the address, never the code", async () => {
    const reveal = await t.app.inject({
      method: 'POST',
      url: `/api/gc/card/${card.publicId}/reveal`,
      payload: { last4: RECIPIENT.slice(-4) },
      remoteAddress: '10.9.0.1',
    });
    expect(reveal.statusCode).toBe(200);
    const [row] = await audit('giftCard.revealed');
    expect(row).toMatchObject({ actor: 'public', entityId: card.publicId, ip: '10.9.0.1' });
    expect(JSON.stringify(row)).not.toContain(card.code);
  });
});
