import { expect, test, type Page } from '@playwright/test';
import { startFakePushService, type FakeSubscription } from '../server/integrations/push/fake-push-service';
import { expectNoAxeViolations } from './support/axe';
import { customerWithCard } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { open } from './support/navigation';
import { issueTillKey } from './support/operator';

// Web push (decision 077) with the site's service worker on, on the mutable server (a till accrual moves bonuses).
test.use({ baseURL: E2E.mutableUrl, serviceWorkers: 'allow' });

/**
 * Chromium's real PushManager subscribes at Google's FCM, which this machine cannot reach; so the page's
 * PushManager answers with a subscription of the local fake push service instead (keys made by the fake, as a
 * browser makes its own). Everything after that is real: the server's web-push POST, the fake's VAPID check and
 * decryption, and the service worker showing what the fake decrypted, delivered through the DevTools protocol.
 */
async function pushManagerOfTheFake(page: Page, subscription: FakeSubscription) {
  await page.addInitScript((sub) => {
    const kept = 'e2e-push-subscribed';
    const bytes = (value: string) => {
      const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
      const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer;
    };
    const made = () => ({
      endpoint: sub.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: (name: 'p256dh' | 'auth') => bytes(sub.keys[name]),
      toJSON: () => sub,
      unsubscribe: async () => {
        localStorage.removeItem(kept);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = new Uint8Array(options?.applicationServerKey as ArrayBuffer);
      const asked = { userVisibleOnly: options?.userVisibleOnly, key: btoa(String.fromCharCode(...key)) };
      localStorage.setItem('e2e-push-asked', JSON.stringify(asked));
      localStorage.setItem(kept, '1');
      return made() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(kept) ? made() : null) as unknown as PushSubscription | null;
    };
  }, subscription);
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      url: (n.data as { url?: string } | null)?.url ?? null,
    })),
  );

test('a member switches notifications on; a purchase at the till reaches the service worker as a notification', async ({
  page,
  context,
  request,
}, testInfo) => {
  // A login, the service worker's install, a till purchase and a push: more than the default half-minute here.
  test.setTimeout(120_000);
  const fake = await startFakePushService();
  try {
    const { publicKey } = (await (await request.get('/api/push/key')).json()) as { publicKey: string };
    const subscription = fake.subscribe(publicKey);
    await pushManagerOfTheFake(page, subscription);
    await context.grantPermissions(['notifications'], { origin: E2E.mutableUrl });
    await customerWithCard(page, request);

    await open(page, '/profile?t=profile');
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 15_000 })
      .toBe('activated');
    await open(page, '/profile?t=profile');
    const toggle = page.getByRole('switch', { name: 'Уведомления', exact: true });
    await expect(
      page.getByRole('heading', { name: 'Уведомления на этом устройстве', exact: true }),
    ).toBeVisible();
    await expect(toggle).not.toBeChecked();
    await expect(toggle).toBeEnabled();
    await toggle.click();
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(toggle).toBeChecked();
    const asked = JSON.parse((await page.evaluate(() => localStorage.getItem('e2e-push-asked')))!);
    expect(asked.userVisibleOnly).toBe(true);
    expect(Buffer.from(asked.key, 'base64').toString('base64url')).toBe(publicKey);
    await expectNoAxeViolations(page);
    const section = page.locator('section', { has: toggle });
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await section.screenshot({ path: testInfo.outputPath(`push-switch-${width}.png`) });
    }

    // A purchase at the till: the server sends the bonuses' service push through web-push to the fake.
    await open(page, '/profile');
    const code = await page.locator('.member-code [data-code]').getAttribute('data-code');
    const tillHeaders = { authorization: `Bearer ${await issueTillKey(1)}` };
    const visit = await request.post('/api/till/verify', { data: { code }, headers: tillHeaders });
    const accrued = await request.post('/api/till/accrue', {
      data: {
        visitId: (await visit.json()).visitId,
        sum: 1000,
        idempotencyKey: `push-${Date.now()}`,
      },
      headers: tillHeaders,
    });
    expect(accrued.ok()).toBe(true);
    await expect.poll(() => fake.received.length, { timeout: 10_000 }).toBe(1);
    const message = fake.received[0]!;
    expect(message.endpoint).toBe(subscription.endpoint);
    expect(message.claims.aud).toBe(fake.origin);

    // The decrypted payload, delivered to the real service worker as the browser's push service would.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${E2E.mutableUrl}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: E2E.mutableUrl,
      registrationId: await registrationId,
      data: message.payload,
    });
    await expect
      .poll(() => shownNotifications(page))
      .toEqual([
        {
          title: 'Бонусы за покупку',
          body: expect.stringMatching(/^Начислено 30\u00a0бонусов за покупку в «.+»\./),
          url: `${E2E.mutableUrl}/profile?t=operations`,
        },
      ]);

    // Off: the server forgets it and the browser unsubscribes.
    await open(page, '/profile?t=profile');
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscribed'))).toBeNull();
  } finally {
    await fake.close();
  }
});

test('Safari on an iPhone outside the installed app is told plainly how to get notifications', async ({
  browser,
}) => {
  const context = await browser.newContext({
    baseURL: E2E.mutableUrl,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    viewport: { width: 390, height: 844 },
  });
  const page = await context.newPage();
  await page.addInitScript(() => {
    delete (window as { PushManager?: unknown }).PushManager;
  });
  await customerWithCard(page, page.request);
  await open(page, '/profile?t=profile');
  await expect(
    page.getByRole('status').filter({ hasText: 'На iPhone и iPad уведомления приходят только' }),
  ).toHaveText(
    'На iPhone и iPad уведомления приходят только в установленном приложении (iOS 16.4 и новее): в Safari нажмите «Поделиться» → «На экран «Домой»», откройте сайт с экрана «Домой» и включите уведомления здесь.',
  );
  await expect(page.getByRole('switch', { name: 'Уведомления', exact: true })).toHaveCount(0);
  await context.close();
});
