import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';
import { OPERATOR_TOKEN } from '#server/test/till-kit';
import { seedDemoMessages } from './demo-messages';

describe('the demo messages (decision 076)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterAll(() => t.close());

  it('show a finished campaign whose results have both groups and a lift, and the «Мы скучаем» trigger on; once', async () => {
    expect(await seedDemoMessages(t.deps.db)).toBe(true);
    expect(await seedDemoMessages(t.deps.db)).toBe(false);
    const headers = { authorization: `Bearer ${OPERATOR_TOKEN}` };
    const list = (await t.app.inject({ url: '/api/operator/messages', headers })).json();
    expect(list.map((c: { name: string; status: string }) => `${c.name}: ${c.status}`).sort()).toEqual([
      'Демо: двойные бонусы в выходные: done',
      'Мы скучаем: active',
    ]);
    const done = list.find((c: { status: string }) => c.status === 'done');
    const results = (
      await t.app.inject({ url: `/api/operator/messages/${done.id}/results`, headers })
    ).json();
    expect(results.campaignGroup.audience + results.controlGroup.audience).toBe(32);
    expect(results.campaignGroup.delivered).toBe(results.campaignGroup.audience);
    expect(results.campaignGroup.clicked).toBeGreaterThan(0);
    expect(results.controlGroup.buyers).toBeGreaterThan(0);
    expect(results.conversionLift).toBeGreaterThan(0);
    expect(results.revenueLift).toBeGreaterThan(0);
  });
});
