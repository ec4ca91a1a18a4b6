import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBrandSettings } from '#server/core/brand-settings';
import { fakeClock } from '#server/test/auth-kit';
import { CLOUD } from '#server/test/fiscal-kit';
import { asStaff, staffOfRole, type StaffLogin } from '#server/test/staff-kit';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';

/** Decision 070: the fiscal settings are the owner's (fiscal.write), not every settings.write role's. */
describe('who changes the fiscal settings', () => {
  let t: TestApp;
  const clock = fakeClock();
  let owner: StaffLogin;
  let marketer: StaffLogin;
  beforeAll(async () => {
    t = await createTestApp({ clock, config: { operatorToken: OPERATOR_TOKEN } });
    owner = await staffOfRole(t, clock, OPERATOR_TOKEN, 'owner');
    marketer = await staffOfRole(t, clock, OPERATOR_TOKEN, 'marketer');
  });
  afterAll(() => t.close());

  const put = (who: StaffLogin, payload: object) =>
    asStaff(t, who, { method: 'PUT', url: '/api/operator/settings', payload });
  const current = async () =>
    (await asStaff(t, owner, { method: 'GET', url: '/api/operator/settings' })).json<
      Record<string, unknown>
    >();

  it('a marketer saves the colours with the fiscal details as they are, or without them, but cannot change them', async () => {
    const settings = await current();
    expect((await put(marketer, { ...settings, title: 'Берёзка+' })).statusCode).toBe(200);
    const { fiscal: _left, ...withoutFiscal } = settings;
    expect((await put(marketer, { ...withoutFiscal, title: 'Берёзка' })).statusCode).toBe(200);
    const refused = await put(marketer, { ...settings, fiscal: CLOUD });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Настройки фискальных чеков (54-ФЗ) меняет только владелец программы',
    );
    expect((await readBrandSettings(t.deps.db)).fiscal.mode).toBe('till');
  });

  it('the owner switches the cloud mode on', async () => {
    const saved = await put(owner, { ...(await current()), fiscal: CLOUD });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await readBrandSettings(t.deps.db)).fiscal).toEqual(CLOUD);
    // Once on, the marketer's save of the other settings keeps it on.
    const settings = await current();
    expect((await put(marketer, { ...settings, title: 'Берёзка' })).statusCode).toBe(200);
    expect((await readBrandSettings(t.deps.db)).fiscal.mode).toBe('cloud');
  });
});
