import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { freshMember, staffInConsole } from './support/admin';
import { expectNoAxeViolations } from './support/axe';
import { freshPhone } from './support/cabinet';
import { E2E } from './support/e2e-env';
import { verifySignature } from '../server/core/events/signature';

// Endpoints are the deployment's own state: the journey runs on the mutable server.
test.use({ baseURL: E2E.mutableUrl });

test('the owner registers an endpoint, a new member is told to it signed, and the log shows the delivery', async ({
  page,
  request,
}) => {
  // The chain's system: a receiver on 127.0.0.1 that checks the signature with the secret the console shows.
  let secret = '';
  const received: { type: string; valid: boolean }[] = [];
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const header = req.headers['kopilka-signature'];
      const valid = verifySignature(
        secret,
        typeof header === 'string' ? header : undefined,
        body,
        new Date(),
      );
      received.push({ type: (JSON.parse(body) as { type: string }).type, valid });
      res.statusCode = valid ? 204 : 400;
      res.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kopilka`;
  try {
    await staffInConsole(page, 'owner');
    await page
      .getByRole('navigation', { name: 'Разделы консоли' })
      .getByRole('link', { name: 'Вебхуки' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'События для систем сети' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Добавить адрес' });
    await form.getByLabel('Адрес (https://…)').fill(url);
    await form.getByLabel('Описание').fill('CRM сети');
    await form.getByLabel(/Участник зарегистрирован/).check();
    await form.getByRole('button', { name: 'Добавить адрес' }).click();
    secret = (await page.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(page.getByRole('table', { name: 'Адреса' })).toContainText(url);

    await freshMember(request, freshPhone());
    // The job sends every 5 s; the log shows the delivery once it is through.
    await expect
      .poll(() => received.filter((r) => r.type === 'member.registered' && r.valid).length, {
        timeout: 20_000,
      })
      .toBeGreaterThan(0);
    const log = page.getByRole('form', { name: 'Отбор доставок' });
    await log.getByLabel('Состояние').selectOption('delivered');
    await log.getByRole('button', { name: 'Показать' }).click();
    await expect(page.getByTestId('delivery-delivered').filter({ hasText: url }).first()).toContainText(
      'Участник зарегистрирован',
    );
    await expect(page.getByTestId('delivery-delivered').filter({ hasText: url }).first()).toContainText(
      'HTTP 204',
    );
    await expectNoAxeViolations(page);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
});
