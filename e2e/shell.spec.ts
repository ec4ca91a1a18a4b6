import { expect, test } from '@playwright/test';
import { open, reload } from './support/navigation';
import { blankTiles } from './support/map';

test.describe('the brand in the first HTML', () => {
  test.use({ javaScriptEnabled: false });

  test('title, colours and logo are there with JavaScript off', async ({ page, request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain('<title>Берёзка</title>');
    expect(html).toContain('--color-primary:#2E7D32');
    await page.goto('/');
    await expect(page).toHaveTitle('Берёзка');
    const logo = page.locator('.site-header__logo img.logo');
    await expect(logo).toHaveAttribute('src', '/api/proxy/pictures/xxhdpi_logo_small');
    expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const primary = await page.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim(),
    );
    expect(primary).toBe('#2E7D32');
    await expect(page.locator('.hero')).toHaveCSS('color', 'rgb(255, 255, 255)');
  });

  test('the page content and meta tags are rendered on the server', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
    await expect(page).toHaveTitle('Вопросы и ответы — Берёзка');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Вопросы и ответы');
  });
});

test('the menu follows the active modules and hydrates without errors', async ({ page }) => {
  // Home shows the map; its tiles are stood in for, since a refused tile is a console error of its own.
  await blankTiles(page);
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  await open(page, '/');
  const nav = page.getByRole('navigation', { name: 'Основное меню' }).first();
  for (const name of ['Главная', 'Новости', 'Магазины', 'Подарочные карты', 'Вопросы', 'Контакты']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Вопросы', exact: true }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the cabinet dropdown opens on hover with the logged-out entries', async ({ page }) => {
  await open(page, '/');
  const menu = page.locator('.cabinet__menu');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Личный кабинет' }).hover();
  await expect(menu.getByRole('link', { name: 'Вход в личный кабинет' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Регистрация карты' })).toHaveAttribute(
    'href',
    '/registration',
  );
});

test('logged in, the dropdown offers the cabinet and logout, which forgets the tokens and goes home', async ({
  page,
}) => {
  await open(page, '/news');
  await page.evaluate(() => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
  });
  await reload(page);
  await page.getByRole('button', { name: 'Личный кабинет' }).hover();
  await expect(page.locator('.cabinet__menu').getByRole('link', { name: 'Личный кабинет' })).toBeVisible();
  await page.locator('.cabinet__menu').getByRole('button', { name: 'Выход' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the mobile menu slides in with the overlay, and the overlay closes it', async ({ page }) => {
    await open(page, '/');
    await expect(page.getByRole('navigation', { name: 'Основное меню' }).first()).toBeHidden();
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Вход в личный кабинет' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Регистрация карты' })).toBeVisible();
    const box = await menu.boundingBox();
    expect(Math.round(box!.width)).toBe(Math.round(375 * 0.84));
    await expect(page.locator('.overlay')).toHaveClass(/overlay--visible/);
    await page.locator('.overlay').click({ position: { x: 360, y: 400 } });
    await expect(menu).toBeHidden();
    await expect(page.locator('.overlay')).not.toHaveClass(/overlay--visible/);
  });

  test('every link of the open menu can be tapped and opens its page', async ({ page }) => {
    test.slow(); // a page opened and a tap for every entry of the menu
    await open(page, '/');
    await page.getByRole('button', { name: 'Открыть меню' }).tap();
    const menu = page.getByRole('dialog', { name: 'Меню' });
    const links = menu.getByRole('link');
    await expect(links.first()).toBeVisible();
    const entries = await links.evaluateAll((all) =>
      all.map((a) => ({ name: a.textContent!.trim(), href: a.getAttribute('href')! })),
    );
    expect(entries.map((e) => e.name)).toEqual(
      expect.arrayContaining(['Новости', 'Вход в личный кабинет', 'Регистрация карты']),
    );
    for (const entry of entries) {
      await open(page, entry.href === '/' ? '/faq' : '/');
      await page.getByRole('button', { name: 'Открыть меню' }).tap();
      await expect(menu).toBeVisible();
      await menu.getByRole('link', { name: entry.name, exact: true }).tap();
      await expect(page, entry.name).toHaveURL(new RegExp(`${entry.href.replace(/[?]/g, '\\?')}$`));
      await expect(menu).toBeHidden();
    }
  });

  test('logged in, the mobile menu adds «Выйти»', async ({ page }) => {
    await open(page, '/');
    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'a');
      localStorage.setItem('refreshToken', 'r');
    });
    await reload(page);
    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Меню' }).getByRole('button', { name: 'Выйти' }),
    ).toBeVisible();
  });

  test('the scroll-to-top button appears after 300 px', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 400 });
    await open(page, '/');
    const button = page.getByRole('button', { name: 'Наверх' });
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 250);
    await page.waitForTimeout(200);
    await expect(button).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, 320));
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test('an unknown page answers 404 with «Страница не найдена»', async ({ page }) => {
  const response = await open(page, '/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  await page.getByRole('link', { name: 'На главную', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every route of the spec exists', async ({ request }) => {
  const routes = [
    '/',
    '/about',
    '/bonus',
    '/contacts',
    '/countdown',
    '/faq',
    '/join',
    '/login',
    '/loyalty',
    '/loyalty/finish',
    '/loyalty/oldindex',
    '/loyalty/oldpayment',
    '/map',
    '/map/1',
    '/news',
    '/news/1',
    '/points',
    '/points/1',
    '/profile',
    '/profile?view=clear',
    '/profile?t=cards',
    '/registration',
    '/session',
    '/ui',
    '/gc',
    '/gc/endpayment',
    '/gc/Entity',
    '/gc/Entity/confirm',
    '/gc/Entity/result',
    '/gc/entity/result',
    '/gc/result',
    '/gc/result?d=1',
    '/gc/sale',
  ];
  for (const route of routes) {
    expect((await request.get(route)).status(), route).toBe(200);
  }
  // A gift card's page exists only for a card that exists (e2e/gift-cards.spec.ts opens a real one).
  const unknownCard = await request.get('/gc/some-card-id');
  expect(unknownCard.status()).toBe(404);
  expect(await unknownCard.text()).toContain('Страница не найдена');
});

test('the clear layout has no navigation or footer', async ({ page }) => {
  await open(page, '/profile?view=clear');
  await expect(page.getByRole('heading', { level: 1, name: 'Личный кабинет' })).toBeVisible();
  await expect(page.locator('.site-header')).toHaveCount(0);
  await expect(page.locator('.site-footer')).toHaveCount(0);
});

// The gift card's page hides the footer: checked on a real card in e2e/gift-cards.spec.ts.
test('pages show the footer with the store badges and the provider', async ({ page }) => {
  await open(page, '/');
  const footer = page.locator('.site-footer');
  await expect(footer.getByRole('link', { name: 'Доступно в Google Play' })).toHaveAttribute(
    'href',
    /play\.google\.com/,
  );
  await expect(footer.getByRole('link', { name: 'Загрузите в App Store' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Разработано на технологии Kopilka' })).toBeVisible();
});

test('a referrer id from the address is kept in the «referer» cookie', async ({ page, context }) => {
  await open(page, '/?referrer=friend_42');
  const cookie = (await context.cookies()).find((c) => c.name === 'referer');
  expect(cookie?.value).toBe('friend_42');
});

test('a logo that fails to load is replaced by the default logo icon', async ({ page }) => {
  await page.route('**/api/proxy/pictures/xxhdpi_logo_small', (route) => route.abort());
  await open(page, '/');
  await expect(page.locator('.site-header__logo .logo--fallback')).toBeVisible();
  await expect(page.locator('.site-header__logo .logo--fallback')).toHaveAttribute('aria-label', 'Берёзка');
});

test('the popup sets the overlay, locks scroll, traps focus and closes on Escape and on the overlay', async ({
  page,
}) => {
  await open(page, '/ui');
  await page.getByRole('button', { name: 'Показать окно' }).click();
  const dialog = page.getByRole('dialog', { name: 'Пример окна' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('.overlay')).toHaveClass(/overlay--visible/);
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');
  for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  await page.getByRole('button', { name: 'Показать окно' }).click();
  await page.locator('.overlay').click({ position: { x: 5, y: 5 } });
  await expect(dialog).toBeHidden();
});

test('the notification bar shows a message with «перезагрузить страницу» and closes', async ({ page }) => {
  await open(page, '/ui');
  await page.getByRole('button', { name: 'Показать уведомление' }).click();
  const bar = page.getByRole('status');
  await expect(bar).toContainText('Так выглядит уведомление.');
  await expect(bar.getByRole('button', { name: 'перезагрузить страницу' })).toBeVisible();
  await bar.getByRole('button', { name: 'Закрыть' }).click();
  await expect(bar.getByText('Так выглядит уведомление.')).toHaveCount(0);
});

test('going offline and back is noticed', async ({ page, context }) => {
  await open(page, '/');
  await context.setOffline(true);
  await expect(page.getByRole('status')).toContainText('Нет соединения с интернетом');
  await context.setOffline(false);
  await expect(page.getByRole('status').getByText('Нет соединения')).toHaveCount(0);
});

test('a chunk that fails to load reloads the page once, then offers the reload button', async ({ page }) => {
  await open(page, '/');
  await page.route(/\/assets\/faq-page-.*\.js/, (route) => route.abort());
  let loads = 0;
  page.on('load', () => loads++);
  await page
    .getByRole('navigation', { name: 'Основное меню' })
    .first()
    .getByRole('link', { name: 'Вопросы' })
    .click();
  await expect(
    page.getByRole('status').getByRole('button', { name: 'перезагрузить страницу' }),
  ).toBeVisible();
  expect(loads).toBe(1);
});

test('the web manifest is built from the settings, and its icons and the favicon load', async ({
  request,
}) => {
  const response = await request.get('/manifest.json');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({
    name: 'Программа лояльности «Берёзка»',
    short_name: 'Берёзка',
    theme_color: '#2E7D32',
  });
  for (const icon of manifest.icons as Array<{ src: string }>) {
    expect((await request.get(icon.src)).headers()['content-type']).toBe('image/png');
  }
  expect((await request.get('/api/proxy/pictures/favicon.png')).status()).toBe(200);
});

test('pages send the CSP with no inline script and hashed assets are cached for good', async ({
  request,
  page,
}) => {
  const response = await request.get('/');
  const csp = response.headers()['content-security-policy']!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  await page.goto('/');
  const entry = await page.locator('script[type="module"]').getAttribute('src');
  const asset = await request.get(entry!);
  expect(asset.headers()['cache-control']).toContain('immutable');
});

test('the matched page’s module is preloaded with the entry, not fetched after it', async ({ request }) => {
  for (const [path, chunk] of [
    ['/', 'home-page'],
    ['/faq', 'faq-page'],
    ['/news/1', 'news-item-page'],
    ['/loyalty?p=3&s=500', 'loyalty-page'],
    ['/gc/sale', 'sale-page'],
    ['/gc/Entity', 'company-page'],
  ]) {
    const html = await (await request.get(path!)).text();
    expect(html, path).toMatch(new RegExp(`<link rel="modulepreload" href="/assets/${chunk}-[^"]+\\.js"`));
  }
});
