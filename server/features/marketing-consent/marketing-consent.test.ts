import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETING_CONSENT_VERSION } from '#common/lib/marketing-consent';
import { MARKETING_CONSENT_HASH } from '#server/core/marketing/consent';
import { unsubscribeToken } from '#server/core/marketing/unsubscribe';
import { users } from '#server/db/schema/auth';
import { auditLog } from '#server/db/schema/staff';
import { marketingConsentEvents } from '#server/db/schema/marketing';
import { fakeClock } from '#server/test/auth-kit';
import { callAs, PROFILE } from '#server/test/cabinet-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';

const TOKEN = 'marketing-consent-operator-token-0123456789';
const OFF = { sms: false, email: false, push: false };
const ON = { sms: true, email: true, push: true };

describe('consent to advertising', () => {
  let t: TestApp;
  const clock = fakeClock(Date.parse('2026-11-29T09:00:00Z'));
  let support: StaffLogin;
  let marketer: StaffLogin;
  let viewer: StaffLogin;

  const register = (phone: string, body: object = {}) =>
    callAs(t, phone, 'POST', '/api/user/newCard', { ...PROFILE, ...body });
  const userIdOf = async (phone: string) =>
    (await t.deps.db.select({ id: users.id }).from(users).where(eq(users.phone, phone)))[0]!.id;
  const eventsOf = (userId: string) =>
    t.deps.db.select().from(marketingConsentEvents).where(eq(marketingConsentEvents.userId, userId));
  const consentOf = async (phone: string) =>
    (await callAs(t, phone, 'GET', '/api/user/marketing-consent')).json().channels;
  const consoleView = (userId: string, who = support) =>
    asStaff(t, who, { url: `/api/admin/members/${userId}/marketing-consent` });

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      config: { operatorToken: TOKEN, publicUrl: 'https://loyalty.example' },
    });
    support = await staffOfRole(t, clock, TOKEN, 'support');
    marketer = await staffOfRole(t, clock, TOKEN, 'marketer');
    viewer = await staffOfRole(t, clock, TOKEN, 'viewer');
  });
  afterAll(() => t.close());

  it('registration without the tick gives no consent and writes no history', async () => {
    const phone = '79007770001';
    expect((await register(phone)).statusCode).toBe(200);
    expect(await consentOf(phone)).toEqual(OFF);
    expect(await eventsOf(await userIdOf(phone))).toEqual([]);
  });

  it('registration with the tick gives every channel, with the text version and hash, once', async () => {
    const phone = '79007770002';
    expect((await register(phone, { marketingConsent: true })).statusCode).toBe(200);
    const answer = (await callAs(t, phone, 'GET', '/api/user/marketing-consent')).json();
    expect(answer).toEqual({
      channels: ON,
      text: expect.stringContaining('Отказаться'),
      version: MARKETING_CONSENT_VERSION,
    });
    // A repeated registration (double click) adds nothing.
    expect((await register(phone, { marketingConsent: true })).statusCode).toBe(200);
    const events = await eventsOf(await userIdOf(phone));
    expect(events).toHaveLength(3);
    for (const e of events) {
      expect(e).toMatchObject({
        granted: true,
        source: 'registration',
        textVersion: MARKETING_CONSENT_VERSION,
        textHash: MARKETING_CONSENT_HASH,
        staffId: null,
      });
    }
    expect(MARKETING_CONSENT_HASH).toMatch(/^[0-9a-f]{64}$/);
  });

  it('the cabinet switch changes one channel; the same value again changes nothing', async () => {
    const phone = '79007770003';
    await register(phone);
    const set = (body: object) => callAs(t, phone, 'PUT', '/api/user/marketing-consent', body);
    expect((await set({ channel: 'email', granted: true })).json().channels).toEqual({ ...OFF, email: true });
    expect((await set({ channel: 'email', granted: true })).json().channels).toEqual({ ...OFF, email: true });
    expect((await set({ channel: 'email', granted: false })).json().channels).toEqual(OFF);
    const events = await eventsOf(await userIdOf(phone));
    expect(events.map((e) => [e.channel, e.granted, e.source])).toEqual([
      ['email', true, 'cabinet'],
      ['email', false, 'cabinet'],
    ]);
    expect((await callAs(t, phone, 'PUT', '/api/user/marketing-consent', {})).statusCode).toBe(400);
  });

  it('five parallel switches of one channel write one history row', async () => {
    const phone = '79007770011';
    await register(phone);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        callAs(t, phone, 'PUT', '/api/user/marketing-consent', { channel: 'push', granted: true }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await eventsOf(await userIdOf(phone))).toHaveLength(1);
  });

  it('refuses bad input with 400 and changes nothing (lone surrogates, unknown channels, extra fields)', async () => {
    const phone = '79007770004';
    await register(phone, { marketingConsent: true });
    const before = await eventsOf(await userIdOf(phone));
    for (const body of [
      { channel: '\ud800', granted: false },
      { channel: 'fax', granted: false },
      { channel: 'sms', granted: 'false' },
      { channel: 'sms', granted: false, source: 'operator' },
      { channel: 'sms' },
    ]) {
      const response = await callAs(t, phone, 'PUT', '/api/user/marketing-consent', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const badRegistration = await register('79007770005', { marketingConsent: 'yes' });
    expect(badRegistration.statusCode).toBe(400);
    const lone = await register('79007770005', { marketingConsent: true, firstName: 'Ив\udc00' });
    expect(lone.statusCode).toBe(400);
    expect(await eventsOf(await userIdOf(phone))).toEqual(before);
    expect(await consentOf(phone)).toEqual(ON);
    expect((await callAs(t, '79007770005', 'GET', '/api/user/marketing-consent')).json().channels).toEqual(
      OFF,
    );
    // Unauthenticated: no consent is read or changed.
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: '/api/user/marketing-consent',
      payload: { channel: 'sms', granted: true },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('the unsubscribe link: GET shows one button, POST withdraws once, a replay answers the same', async () => {
    const phone = '79007770006';
    await register(phone, { marketingConsent: true });
    const userId = await userIdOf(phone);
    const url = `/u/${unsubscribeToken(t.deps.config, userId, 'sms')}`;
    const page = await t.app.inject({ url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Отписаться');
    expect(await consentOf(phone)).toEqual(ON); // the GET changed nothing
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const first = await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('вы отписались');
    const replay = await t.app.inject({ method: 'POST', url, headers: form, payload: '' });
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(await consentOf(phone)).toEqual({ ...ON, sms: false });
    const withdrawals = (await eventsOf(userId)).filter((e) => !e.granted);
    expect(withdrawals.map((e) => [e.channel, e.source])).toEqual([['sms', 'unsubscribe']]);
    // Now the page says so and offers nothing to press.
    const after = await t.app.inject({ url });
    expect(after.body).toContain('Вы не получаете рекламные SMS');
    expect(after.body).not.toContain('<form');
  });

  it("a mail client's RFC 8058 one-click POST withdraws e-mail", async () => {
    const phone = '79007770007';
    await register(phone, { marketingConsent: true });
    const url = `/u/${unsubscribeToken(t.deps.config, await userIdOf(phone), 'email')}`;
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const payload = type.startsWith('multipart')
        ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
        : 'List-Unsubscribe=One-Click';
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': type },
        payload,
      });
      expect(response.statusCode, type).toBe(200);
    }
    expect(await consentOf(phone)).toEqual({ ...ON, email: false });
  });

  it('a forged, altered or cut token is a plain 404 and changes nothing', async () => {
    const phone = '79007770008';
    await register(phone, { marketingConsent: true });
    const userId = await userIdOf(phone);
    const real = unsubscribeToken(t.deps.config, userId, 'sms');
    const forged = unsubscribeToken({ authSecret: 'not-the-server-secret' }, userId, 'sms');
    const altered = real.slice(0, -1) + (real.endsWith('A') ? 'B' : 'A');
    for (const token of [forged, altered, real.slice(0, 20), 'x'.repeat(39), '%F0%9F%98%80']) {
      const get = await t.app.inject({ url: `/u/${token}` });
      expect(get.statusCode, token).toBe(404);
      expect(get.body).toContain('Ссылка недействительна');
      const post = await t.app.inject({ method: 'POST', url: `/u/${token}` });
      expect(post.statusCode, token).toBe(404);
    }
    expect(await consentOf(phone)).toEqual(ON);
    expect(await eventsOf(userId)).toHaveLength(3);
  });

  it('the console shows the consent and history to members.read, and support records a withdrawal, audited', async () => {
    const phone = '79007770009';
    await register(phone, { marketingConsent: true });
    const userId = await userIdOf(phone);
    clock.advance(60_000);
    const view = await consoleView(userId);
    expect(view.statusCode).toBe(200);
    expect(view.json().channels).toEqual(ON);
    expect(view.json().history).toHaveLength(3);
    expect(view.json().history[0]).toMatchObject({
      source: 'registration',
      granted: true,
      textVersion: MARKETING_CONSENT_VERSION,
    });
    expect((await consoleView(userId, viewer)).statusCode).toBe(200);
    expect((await consoleView(userId, marketer)).statusCode).toBe(403);

    const withdraw = (who: StaffLogin, payload: object) =>
      asStaff(t, who, {
        method: 'POST',
        url: `/api/admin/members/${userId}/marketing-consent/withdraw`,
        payload,
      });
    expect((await withdraw(viewer, { channels: ['sms'] })).statusCode).toBe(403);
    expect((await withdraw(marketer, { channels: ['sms'] })).statusCode).toBe(403);
    for (const bad of [
      { channels: [] },
      { channels: ['sms', 'sms'] },
      { channels: ['\ud800'] },
      { channels: ['sms'], granted: true },
    ]) {
      expect((await withdraw(support, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await consoleView(userId)).json().channels).toEqual(ON);
    const done = await withdraw(support, { channels: ['sms', 'push'] });
    expect(done.statusCode).toBe(200);
    expect(done.json().channels).toEqual({ sms: false, email: true, push: false });
    expect(
      done
        .json()
        .history.slice(0, 2)
        .map((e: { source: string; granted: boolean }) => [e.source, e.granted]),
    ).toEqual([
      ['operator', false],
      ['operator', false],
    ]);
    const events = await eventsOf(userId);
    expect(events.filter((e) => e.source === 'operator').every((e) => e.staffId !== null)).toBe(true);
    const audit = await t.deps.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'member.marketing-consent.withdraw'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entityId: userId,
      actorName: support.email,
      after: { requested: ['sms', 'push'], withdrawn: ['sms', 'push'] },
    });
    // Again: nothing more to withdraw, still audited as a request, no history row.
    await withdraw(support, { channels: ['sms'] });
    expect(await eventsOf(userId)).toHaveLength(events.length);
    const unknown = await asStaff(t, support, {
      url: '/api/admin/members/00000000-0000-4000-8000-000000000000/marketing-consent',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('deleting the account withdraws every channel and keeps the history; the history refuses edits', async () => {
    const phone = '79007770010';
    await register(phone, { marketingConsent: true });
    const userId = await userIdOf(phone);
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/operator/members/delete',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { phone, reason: 'Просьба участника по телефону' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const view = (await consoleView(userId)).json();
    expect(view.channels).toEqual(OFF);
    expect(view.history.filter((e: { source: string }) => e.source === 'account_deleted')).toHaveLength(3);
    // The old link still answers, plainly, and writes nothing.
    const url = `/u/${unsubscribeToken(t.deps.config, userId, 'sms')}`;
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(200);
    expect(await eventsOf(userId)).toHaveLength(6);
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (error: Error & { cause?: Error }) => String(error.cause?.message ?? error.message),
      );
    expect(
      await refusal(
        t.deps.db.execute(sql`update marketing_consent_events set granted = true where user_id = ${userId}`),
      ),
    ).toContain('append-only');
    expect(
      await refusal(t.deps.db.execute(sql`delete from marketing_consent_events where user_id = ${userId}`)),
    ).toContain('append-only');
  });

  it('the brand settings take the marketing rules, validated: a bad one is a 400 naming its field and changes nothing', async () => {
    const auth = { authorization: `Bearer ${TOKEN}` };
    const current = (await t.app.inject({ url: '/api/operator/settings', headers: auth })).json();
    expect(current.marketing).toEqual({
      quietFrom: '21:00',
      quietTo: '09:00',
      frequencyCap: 3,
      frequencyDays: 7,
    });
    const put = (marketing: object) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/operator/settings',
        headers: auth,
        payload: { ...current, marketing },
      });
    for (const [marketing, field] of [
      [{ ...current.marketing, quietFrom: '25:00' }, 'marketing.quietFrom'],
      [{ ...current.marketing, quietTo: '21:00' }, 'marketing.quietTo'],
      [{ ...current.marketing, frequencyCap: 0 }, 'marketing.frequencyCap'],
      [{ ...current.marketing, frequencyDays: '\ud800' }, null], // refused before validation (decision 050)
    ] as const) {
      const response = await put(marketing);
      expect(response.statusCode, JSON.stringify(marketing)).toBe(400);
      if (field)
        expect(Object.keys(response.json().fields ?? {}), JSON.stringify(marketing)).toContain(field);
    }
    const saved = await put({ quietFrom: '22:30', quietTo: '08:00', frequencyCap: 5, frequencyDays: 14 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().marketing).toEqual({
      quietFrom: '22:30',
      quietTo: '08:00',
      frequencyCap: 5,
      frequencyDays: 14,
    });
    expect((await put(current.marketing)).statusCode).toBe(200);
  });
});
