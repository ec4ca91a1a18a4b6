import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone, loginThroughApi } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey, withSettings } from './support/operator';

// Pending bonuses change the brand's settings and move bonuses, so this runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('with a return window, what the till accrues waits apart in the cabinet: "Ожидают начисления"', async ({
  page,
  request,
}, testInfo) => {
  await withSettings(
    (s) => ({ ...s, bonusPendingDays: 14 }),
    async () => {
      const key = await issueTillKey(1);
      const phone = freshPhone();
      const { token } = await loginThroughApi(page, request, phone);
      const registered = await request.post('/api/user/newCard', {
        data: { firstName: 'Ольга', lastName: 'Петрова' },
        headers: { authorization: `Bearer ${token}` },
      });
      expect(registered.ok()).toBe(true);
      await open(page, '/profile');
      const code = await page.locator('.member-code [data-code]').getAttribute('data-code');
      const tillHeaders = { authorization: `Bearer ${key}` };
      const visit = await request.post('/api/till/verify', { data: { code }, headers: tillHeaders });
      expect(visit.ok()).toBe(true);
      const accrued = await request.post('/api/till/accrue', {
        data: { visitId: (await visit.json()).visitId, sum: 1000, idempotencyKey: `pending-${phone}` },
        headers: tillHeaders,
      });
      expect(accrued.ok()).toBe(true);

      await open(page, '/profile');
      await expect(page.getByTestId('bonus-balance')).toHaveText(/^0\u00a0бонусов$/);
      await expect(page.getByTestId('bonus-pending')).toHaveText(
        /^Ожидают начисления: 30\u00a0бонусов, с \d\d\.\d\d$/,
      );
      await expectNoAxeViolations(page);
      for (const width of [1440, 768]) {
        await page.setViewportSize({ width, height: 900 });
        await page.screenshot({ path: testInfo.outputPath(`pending-${width}.png`) });
      }
    },
  );
});
