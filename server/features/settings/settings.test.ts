import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

const OPERATOR_TOKEN = 'operator-token-for-tests-0123456789abcdef';
const operator = { authorization: `Bearer ${OPERATOR_TOKEN}` };

describe('GET /api/header', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(() => t.close());

  it('returns every global setting of the spec, the logo and the per-visitor fields', async () => {
    const response = await t.app.inject('/api/header');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    for (const field of [
      'title',
      'colorPrimary',
      'colorPrimaryDark',
      'colorOnPrimary',
      'colorAccent',
      'colorOnSecondary',
      'modules',
      'customModules',
      'name',
      'appLink',
      'sosLink',
      'creditCard',
      'exclude',
      'bonusTermsURL',
      'complexId',
      'iframePages',
      'mobile',
      'webShop',
      'loyaltyType',
      'QRVersion',
      'bundleName',
      'giftCardVersion',
      'giftCardPointId',
      'oferta',
      'discount',
      'referer',
      'refererId',
      'phone',
      'isLogged',
    ]) {
      expect(body, field).toHaveProperty(field);
    }
    expect(body.title).toBe('Берёзка');
    expect(body.logo).toBe('/api/proxy/pictures/xxhdpi_logo_small');
    expect(body.isLogged).toBe(false);
    expect(body.refererId).toBeNull();
    expect(body.modules.map((m: { id: string }) => m.id)).toContain('cabinet');
  });

  it('answers 304 to a matching If-None-Match and a new ETag after a change', async () => {
    const first = await t.app.inject('/api/header');
    const etag = first.headers.etag as string;
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const again = await t.app.inject({ url: '/api/header', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const settings = (await t.app.inject({ url: '/api/operator/settings', headers: operator })).json();
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: operator,
      payload: { ...settings, title: 'Ромашка' },
    });
    expect(saved.statusCode).toBe(200);
    const changed = await t.app.inject({ url: '/api/header', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().title).toBe('Ромашка');
  });

  it('echoes a well-formed referrer id from the referer cookie and ignores anything else', async () => {
    const withRef = await t.app.inject({ url: '/api/header', cookies: { referer: 'friend_42' } });
    expect(withRef.json().refererId).toBe('friend_42');
    expect(withRef.headers.etag).not.toBe((await t.app.inject('/api/header')).headers.etag);
    const junk = await t.app.inject({ url: '/api/header', cookies: { referer: '<script>' } });
    expect(junk.json().refererId).toBeNull();
  });
});

describe('the operator API', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ config: { operatorToken: OPERATOR_TOKEN } });
  });
  afterEach(() => t.close());

  it('refuses calls without the operator token and changes nothing', async () => {
    const before = (await t.app.inject('/api/header')).body;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: { authorization: 'Bearer wrong-token-wrong-token-wrong-token-00' },
      payload: { title: 'x' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Нужен ключ оператора');
    expect((await t.app.inject('/api/header')).body).toBe(before);
  });

  it('refuses invalid settings with a message naming the field, and keeps the old ones', async () => {
    const settings = (await t.app.inject({ url: '/api/operator/settings', headers: operator })).json();
    const before = (await t.app.inject('/api/header')).body;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/operator/settings',
      headers: operator,
      payload: { ...settings, colorPrimary: 'green' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('colorPrimary');
    expect((await t.app.inject('/api/header')).body).toBe(before);
  });

  it('takes the brand’s time zone as an IANA zone, which the site is told, and refuses an unknown one', async () => {
    const settings = (await t.app.inject({ url: '/api/operator/settings', headers: operator })).json();
    expect((await t.app.inject('/api/header')).json().timeZone).toBe('Europe/Moscow');
    const put = (timeZone: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/operator/settings',
        headers: operator,
        payload: { ...settings, timeZone },
      });
    const unknown = await put('Europe/Atlantis');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('timeZone');
    expect((await put('Asia/Vladivostok')).statusCode).toBe(200);
    expect((await t.app.inject('/api/header')).json().timeZone).toBe('Asia/Vladivostok');
  });

  it('takes no token when none is configured (only the console staff sessions: decision 026)', async () => {
    const bare = await createTestApp({ database: t.database });
    try {
      const response = await bare.app.inject({ url: '/api/operator/settings', headers: operator });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('UNAUTHORIZED');
    } finally {
      await bare.close();
    }
  });

  it('reaches another instance of the same deployment through the content revision', async () => {
    const other = await createTestApp({ database: t.database, config: { contentPollMs: 100 } });
    try {
      other.deps.cache.start();
      expect((await other.app.inject('/api/header')).json().title).toBe('Берёзка');
      const settings = (await t.app.inject({ url: '/api/operator/settings', headers: operator })).json();
      const modules = settings.modules.map((m: { id: string }) =>
        m.id === 'news' ? { ...m, disabled: true } : m,
      );
      await t.app.inject({
        method: 'PUT',
        url: '/api/operator/settings',
        headers: operator,
        payload: { ...settings, modules },
      });
      await expect
        .poll(
          async () =>
            (await other.app.inject('/api/header'))
              .json()
              .modules.find((m: { id: string }) => m.id === 'news').disabled,
          {
            timeout: 5000,
          },
        )
        .toBe(true);
    } finally {
      await other.close();
    }
  });
});
