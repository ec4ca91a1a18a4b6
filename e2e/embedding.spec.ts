import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E } from './support/e2e-env';

/** A partner's page that frames the site and records the messages it receives. */
function partnerPage(siteUrl: string) {
  return `<!doctype html><html><head><title>Партнёр</title></head><body>
<h1>Партнёр</h1>
<iframe id="site" src="${siteUrl}" style="width:100%;height:300px;border:0"></iframe>
<script>
  window.messages = [];
  window.addEventListener('message', (event) => {
    window.messages.push({ origin: event.origin, data: event.data });
    if (event.data && event.data.type === 'resize') document.getElementById('site').style.height = event.data.height + 'px';
  });
</script></body></html>`;
}

const servers: Server[] = [];

test.beforeAll(async () => {
  for (const port of [E2E.partnerPort, E2E.strangerPort]) {
    const server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://x').searchParams.get('path') ?? '/';
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(partnerPage(`${E2E.readOnlyUrl}${path}`));
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    servers.push(server);
  }
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

type Message = { origin: string; data: { type?: string; height?: number } };
const resizeMessages = (messages: Message[]) => messages.filter((m) => m.data?.type === 'resize');

test('a partner in EMBED_ORIGINS frames the site and hears its height whenever it changes', async ({
  page,
}) => {
  await page.goto(`${E2E.partnerOrigin}/?path=/`);
  const frame = page.frameLocator('#site');
  await expect(frame.getByRole('heading', { level: 1 })).toBeVisible();
  await expect
    .poll(
      async () =>
        resizeMessages(await page.evaluate(() => (window as never as { messages: Message[] }).messages))
          .length,
    )
    .toBeGreaterThan(0);
  const first = resizeMessages(
    await page.evaluate(() => (window as never as { messages: Message[] }).messages),
  );
  expect(first[0]!.origin).toBe(E2E.readOnlyUrl);
  const height = first.at(-1)!.data.height!;
  expect(height).toBeGreaterThan(300);

  // A shorter page inside the frame sends a new, smaller height.
  await frame.getByRole('link', { name: 'Вопросы', exact: true }).first().click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Вопросы и ответы' })).toBeVisible();
  await expect
    .poll(async () => {
      const all = resizeMessages(
        await page.evaluate(() => (window as never as { messages: Message[] }).messages),
      );
      return all.at(-1)!.data.height;
    })
    .toBeLessThan(height);
});

test('a page of another origin cannot frame the site', async ({ page }) => {
  await page.goto(`http://localhost:${E2E.strangerPort}/?path=/`);
  await page.waitForTimeout(1000);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  // The browser refused the frame (CSP frame-ancestors): it holds an error page, not the site.
  expect(await frame!.locator('.site-header').count()).toBe(0);
  const messages = await page.evaluate(() => (window as never as { messages: Message[] }).messages);
  expect(resizeMessages(messages)).toEqual([]);
});
