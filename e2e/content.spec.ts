import { expect, test } from '@playwright/test';
import { blockTiles } from './support/map';
import { open } from './support/navigation';

// The demo brand «Берёзка»: 14 points in 4 categories, 5 actions, 5 news, 9 questions.
test.beforeEach(({ page }) => blockTiles(page));

test('the rules page shows the operator’s rules, picture and support contacts', async ({ page }) => {
  await open(page, '/about');
  await expect(page.getByRole('heading', { level: 1, name: 'Правила программы' })).toBeVisible();
  await expect(page.getByText(/^1\. Общие положения/)).toBeVisible();
  await expect(page.getByRole('link', { name: '+7 (800) 555-35-35' }).first()).toHaveAttribute(
    'href',
    'tel:+78005553535',
  );
  // The rules picture in the size the layout draws it, as AVIF (Chromium takes it), actually shown.
  const picture = page.locator('.about__image');
  await expect(picture).toHaveAttribute('src', /^\/api\/proxy\/pictures\/rules\.webp\?w=\d+&f=webp$/);
  await expect
    .poll(() =>
      picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && img.currentSrc),
    )
    .toMatch(/\/api\/proxy\/pictures\/rules\.webp\?w=\d+&f=avif$/);
});

test('the FAQ lists the questions and opens an answer', async ({ page }) => {
  await open(page, '/faq');
  const questions = page.locator('.faq__question');
  await expect(questions).toHaveCount(9);
  await questions.first().click();
  await expect(page.getByText(/Зарегистрируйтесь на сайте по номеру телефона/)).toBeVisible();
});

test('news: the list, newest first, and one item with its points', async ({ page }) => {
  await open(page, '/news');
  await expect(page.locator('.news-card')).toHaveCount(5);
  await expect(page.locator('.news-card__title').first()).toHaveText(
    'Новогодняя распродажа начнётся 20 декабря',
  );
  await expect(page.locator('.news-card__date').first()).toHaveText('20.11.2026');
  await page.getByRole('link', { name: 'Новогодняя распродажа начнётся 20 декабря' }).click();
  await expect(page).toHaveURL(/\/news\/5$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Новогодняя распродажа начнётся 20 декабря',
  );
  await expect(page.locator('.news-item__points .point-card')).toHaveCount(4);
  await expect(page).toHaveTitle('Новогодняя распродажа начнётся 20 декабря — Берёзка');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    'content',
    '/api/proxy/pictures/news-3.webp',
  );
});

test('points: category tabs, the point card and its actions', async ({ page }) => {
  await open(page, '/points');
  const tabs = page.getByRole('tablist', { name: 'Категории магазинов' }).getByRole('tab');
  await expect(tabs).toHaveText(['Все', 'Супермаркеты', 'Пекарни', 'Кофейни', 'Экспресс']);
  await expect(page.locator('.point-card')).toHaveCount(14);
  await tabs.filter({ hasText: 'Кофейни' }).click();
  await expect(tabs.filter({ hasText: 'Кофейни' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.locator('.point-card')).toHaveCount(3);
  await page.keyboard.press('ArrowRight');
  await expect(tabs.filter({ hasText: 'Экспресс' })).toBeFocused();
  await expect(page.locator('.point-card')).toHaveCount(3);

  await open(page, '/points/3');
  const card = page.locator('.point-card');
  await expect(card.getByRole('heading', { level: 1 })).toHaveText('Кофейня «Берёзка» на Пушкина');
  await expect(card.getByRole('img', { name: 'Рейтинг: 5 из 5' })).toBeVisible();
  await expect(card.getByText('Казань, ул. Пушкина, 26')).toBeVisible();
  await expect(card.getByRole('link', { name: '+7 (843) 292-40-18' })).toHaveAttribute(
    'href',
    'tel:+78432924018',
  );
  await expect(card.getByText('Бонусирование: 10%')).toBeVisible();
  await expect(page.locator('.action-list__item')).toHaveCount(3);
});

test('unknown news and point ids answer 404 with «Страница не найдена»', async ({ page }) => {
  for (const path of ['/news/999', '/news/abc', '/points/999']) {
    const response = await open(page, path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Страница не найдена' })).toBeVisible();
  }
});

test('contacts, join and countdown show their content', async ({ page }) => {
  await open(page, '/contacts');
  await expect(
    page.locator('.contacts__list').getByRole('link', { name: 'help@berezka.example' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Telegram' })).toBeVisible();
  await open(page, '/join');
  await expect(
    page.getByRole('heading', { level: 1, name: 'Станьте участником программы «Берёзка»' }),
  ).toBeVisible();
  await expect(page.locator('.join__steps li')).toHaveCount(4);
  await expect(page.locator('.join__benefits li')).toHaveCount(4);
  await open(page, '/countdown');
  await expect(page.getByRole('heading', { level: 1, name: 'Новогодняя распродажа' })).toBeVisible();
  await expect(page.getByText('До 20.12.2026')).toBeVisible();
});

test('the countdown’s words agree with its numbers', async ({ page }) => {
  // 21 days, 1 hour, 3 minutes and 34 seconds before the demo sale starts (20.12.2026 10:00 in Moscow).
  await page.clock.setFixedTime(new Date('2026-11-29T05:56:26Z'));
  await open(page, '/countdown');
  const cells = page.locator('.countdown__cell');
  await expect(cells.locator('.countdown__value')).toHaveText(['21', '01', '03', '34']);
  await expect(cells.locator('.countdown__label')).toHaveText(['день', 'час', 'минуты', 'секунды']);
});

test('the feedback form validates with the spec’s messages and sends it to the operator', async ({
  page,
  request,
}) => {
  await open(page, '/contacts');
  const form = page.locator('.feedback__form');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.locator('#feedback-name-error')).toHaveText('Обязательное поле');
  await expect(form.locator('#feedback-message-error')).toHaveText('Обязательное поле');
  await expect(form.locator('#feedback-phone-error')).toHaveText(
    'Укажите телефон или e-mail, чтобы мы могли ответить',
  );
  await form.getByLabel('Телефон').fill('900123');
  await form.getByLabel('E-mail').fill('anna@');
  await form.getByLabel('Сообщение').fill('х'.repeat(501));
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.locator('#feedback-phone-error')).toHaveText('Введены не все символы');
  await expect(form.locator('#feedback-email-error')).toHaveText('Неверный формат почты');
  await expect(form.locator('#feedback-message-error')).toHaveText('Слишком много символов');

  await form.getByLabel('Имя').fill('Анна');
  await form.getByLabel('Телефон').fill('89001234567');
  await expect(form.getByLabel('Телефон')).toHaveValue('+7 (900) 123-45-67');
  await form.getByLabel('E-mail').fill('');
  await form.getByLabel('Сообщение').fill('Спасибо за круассаны!');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('status')).toContainText('Сообщение отправлено');
  // The development mail outbox holds the e-mail the operator receives.
  const mail = await (await request.get('/api/dev/mail?to=help@berezka.example')).json();
  expect(mail[0].text).toContain('Спасибо за круассаны!');
  expect(mail[0].text).toContain('Телефон: +7 (900) 123-45-67');
});

test('the home page shows the latest news and a few points', async ({ page }) => {
  await open(page, '/');
  await expect(page.locator('.hero')).toBeVisible();
  await expect(page.locator('.news-card')).toHaveCount(3);
  await expect(page.locator('.point-card')).toHaveCount(4);
});

test('content is fetched once and kept: navigating away and back does not refetch', async ({ page }) => {
  const calls: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });
  await open(page, '/news');
  const nav = page.getByRole('navigation', { name: 'Основное меню' }).first();
  await nav.getByRole('link', { name: 'Вопросы', exact: true }).click();
  await expect(page.locator('.faq__question')).toHaveCount(9);
  await nav.getByRole('link', { name: 'Новости', exact: true }).click();
  await expect(page.locator('.news-card')).toHaveCount(5);
  await nav.getByRole('link', { name: 'Главная', exact: true }).click();
  await expect(page.locator('.news-card')).toHaveCount(3);
  expect(calls.filter((p) => p === '/api/news')).toEqual([]);
  expect(calls.filter((p) => p === '/api/faq')).toEqual(['/api/faq']);
});
