import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '#server/test/auth-kit';
import { registeredCustomer } from '#server/test/cabinet-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';

/** Decision 053: the ways support types a member, and what the member's page tells them. */
describe('finding a member and reading their page', () => {
  let t: TestApp;
  const clock = fakeClock();
  let support: StaffLogin;
  let anna: { userId: string; cardNum: string };
  const ANNA = '79005553101';
  const OTHER = '79005553102';

  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    support = await staffOfRole(t, clock, OPERATOR_TOKEN, 'support');
    await registeredCustomer(t, ANNA, { firstName: 'Дарина', lastName: 'Соколова', birthDate: '15.04.1990' });
    const [found] = (await asStaff(t, support, { url: `/api/admin/members?q=${ANNA}` })).json();
    anna = { userId: found.userId, cardNum: found.cards[0].cardNum };
    // Her names swapped on another member: a two-word search must name both parts of one member.
    await registeredCustomer(t, OTHER, {
      firstName: 'Соколина',
      lastName: 'Даринова',
      refererID: anna.cardNum,
    });
  });
  afterAll(() => t.close());

  const phonesFor = async (q: string) => {
    const found = await asStaff(t, support, { url: `/api/admin/members?q=${encodeURIComponent(q)}` });
    expect(found.statusCode, q).toBe(200);
    return (found.json() as { phone: string }[]).map((m) => m.phone);
  };

  it('finds a member by the last 4 digits of their card', async () => {
    expect(await phonesFor(anna.cardNum.slice(-4))).toContain(ANNA);
  });

  it('finds a member by their full name in either order, and not by two parts of different people', async () => {
    expect(await phonesFor('Дарина Соколова')).toEqual([ANNA]);
    expect(await phonesFor('соколова дарина')).toEqual([ANNA]);
    expect(await phonesFor('Соколова Дар')).toEqual([ANNA]);
    expect(await phonesFor('Даринова Соколина')).toEqual([OTHER]);
  });

  it('finds a member by a phone typed without its leading 7 or 8', async () => {
    expect(await phonesFor('900 555-31-01')).toEqual([ANNA]);
    expect(await phonesFor('(900) 555 31')).toEqual([ANNA, OTHER]);
    expect(await phonesFor('8 900 555-31-02')).toEqual([OTHER]);
  });

  it('shows the member’s level, birth date, first day, consent and referrer', async () => {
    const other = (await asStaff(t, support, { url: `/api/admin/members?q=${OTHER}` })).json()[0];
    const page = await asStaff(t, support, { url: `/api/admin/members/${other.userId}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().profile).toMatchObject({
      birthDate: null,
      consentVersion: expect.any(String),
      referrer: { cardNum: anna.cardNum, userId: anna.userId, phone: ANNA },
      deletedAt: null,
    });
    expect(Date.parse(page.json().profile.createdAt)).not.toBeNaN();
    const own = await asStaff(t, support, { url: `/api/admin/members/${anna.userId}` });
    expect(own.json().profile).toMatchObject({ birthDate: '1990-04-15', referrer: null });
  });
});
