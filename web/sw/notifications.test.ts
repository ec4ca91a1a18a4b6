import { describe, expect, it } from 'vitest';
import {
  NOTIFICATION_ICON,
  openFromNotification,
  readPushData,
  showPush,
  siteUrl,
  type NotificationScope,
  type WindowClientLike,
} from './notifications';

const ORIGIN = 'https://loyalty.example';

function scopeWith(urls: string[]) {
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const opened: string[] = [];
  const log: string[] = [];
  const windows: WindowClientLike[] = urls.map((url) => ({
    url,
    focus: async () => void log.push(`focus ${url}`),
    navigate: async (to: string) => void log.push(`navigate ${url} -> ${to}`),
  }));
  const scope: NotificationScope = {
    location: { origin: ORIGIN },
    registration: { showNotification: async (title, options) => void shown.push({ title, options }) },
    clients: { matchAll: async () => windows, openWindow: async (url) => void opened.push(url) },
  };
  return { scope, shown, opened, log };
}

describe('the service worker’s push', () => {
  it('shows the title, text and brand icon, with the page to open', async () => {
    const { scope, shown } = scopeWith([]);
    const data = readPushData(() => ({
      title: 'Бонусы за покупку',
      body: 'Начислено 30 бонусов',
      url: '/profile?t=operations',
    }));
    await showPush(scope, data);
    expect(shown).toEqual([
      {
        title: 'Бонусы за покупку',
        options: expect.objectContaining({
          body: 'Начислено 30 бонусов',
          icon: NOTIFICATION_ICON,
          data: { url: `${ORIGIN}/profile?t=operations` },
        }),
      },
    ]);
    expect(shown[0]!.options.actions).toBeUndefined();
  });

  it('an advertising push carries its «Отписаться от рекламы» action', async () => {
    const { scope, shown } = scopeWith([]);
    const data = readPushData(() => ({
      title: 'Скидка',
      body: '−20%',
      url: '/',
      unsubscribeUrl: `${ORIGIN}/u/abc`,
    }));
    await showPush(scope, data);
    expect(shown[0]!.options).toMatchObject({
      data: { url: `${ORIGIN}/`, unsubscribeUrl: `${ORIGIN}/u/abc` },
      actions: [{ action: 'unsubscribe', title: 'Отписаться от рекламы' }],
    });
  });

  it('a push it cannot read still shows a line that opens the cabinet', async () => {
    const { scope, shown } = scopeWith([]);
    expect(readPushData(() => JSON.parse('not json'))).toBeNull();
    await showPush(
      scope,
      readPushData(() => ({ body: 'no title' })),
    );
    expect(shown[0]).toMatchObject({
      title: 'Новое уведомление',
      options: { data: { url: `${ORIGIN}/profile` } },
    });
  });

  it('keeps every link on the site', () => {
    expect(siteUrl('/profile?t=operations', ORIGIN)).toBe(`${ORIGIN}/profile?t=operations`);
    expect(siteUrl('https://evil.example/x', ORIGIN)).toBe(`${ORIGIN}/profile`);
    expect(siteUrl('//evil.example/x', ORIGIN)).toBe(`${ORIGIN}/profile`);
    expect(siteUrl('javascript:alert(1)', ORIGIN)).toBe(`${ORIGIN}/profile`);
    expect(siteUrl(42, ORIGIN)).toBe(`${ORIGIN}/profile`);
  });
});

describe('a tap on the notification', () => {
  const data = { url: `${ORIGIN}/profile?t=operations`, unsubscribeUrl: `${ORIGIN}/u/abc` };

  it('focuses a window already on the page', async () => {
    const { scope, log, opened } = scopeWith([`${ORIGIN}/`, `${ORIGIN}/profile?t=operations`]);
    await openFromNotification(scope, data, '');
    expect(log).toEqual([`focus ${ORIGIN}/profile?t=operations`]);
    expect(opened).toEqual([]);
  });

  it('sends an open window of the site to the page', async () => {
    const { scope, log } = scopeWith(['https://other.example/', `${ORIGIN}/news`]);
    await openFromNotification(scope, data, '');
    expect(log).toEqual([
      `focus ${ORIGIN}/news`,
      `navigate ${ORIGIN}/news -> ${ORIGIN}/profile?t=operations`,
    ]);
  });

  it('opens a new window when none of the site is open; the action opens the withdrawal page', async () => {
    const { scope, opened } = scopeWith(['https://other.example/']);
    await openFromNotification(scope, data, '');
    await openFromNotification(scope, data, 'unsubscribe');
    await openFromNotification(scope, { url: 'https://evil.example/' }, '');
    expect(opened).toEqual([`${ORIGIN}/profile?t=operations`, `${ORIGIN}/u/abc`, `${ORIGIN}/profile`]);
  });
});
