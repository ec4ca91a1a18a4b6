import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

/**
 * Every address the brand's settings and pages put in a link or a frame is https:// or a path of the site
 * (issue 26 item 9, decision 050): `javascript:` in `bonusTermsURL` ran on the login page's click.
 */

const OPERATOR = 'brand-links-operator-token-0123456789';
const operator = { authorization: `Bearer ${OPERATOR}` };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR } });
});
afterAll(async () => t?.close());

const REFUSED = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'http://partner.example/terms',
  '//evil.example/terms',
  '/\\evil.example/terms',
  'https:evil.example',
  'https:///x',
  'about',
];
const TAKEN = ['https://partner.example/terms?a=1#b', '/about', '/gc/sale'];

async function stored(path: string): Promise<Record<string, unknown>> {
  return (await t.app.inject({ url: path, headers: operator })).json();
}

async function put(path: string, body: unknown) {
  return t.app.inject({ method: 'PUT', url: path, headers: operator, payload: body as object });
}

describe("the brand's links", () => {
  it('settings: every link field refuses what is not https:// or a path of the site, and changes nothing', async () => {
    const settings = await stored('/api/operator/settings');
    const variants: [string, (v: string) => Record<string, unknown>][] = [
      ['bonusTermsURL', (v) => ({ bonusTermsURL: v })],
      ['sosLink', (v) => ({ sosLink: v })],
      ['webShop', (v) => ({ webShop: v })],
      ['oferta', (v) => ({ oferta: v })],
      ['appLink', (v) => ({ appLink: v })],
      ['appLink.googleplay', (v) => ({ appLink: { googleplay: v, appstore: null } })],
      ['appLink.appstore', (v) => ({ appLink: { googleplay: null, appstore: v } })],
      ['provider.url', (v) => ({ provider: { name: 'Копилка', url: v } })],
      ['iframePages.url', (v) => ({ iframePages: [{ id: 'p', title: 'Партнёры', url: v }] })],
    ];
    for (const [field, change] of variants) {
      for (const value of REFUSED) {
        const response = await put('/api/operator/settings', { ...settings, ...change(value) });
        expect(response.statusCode, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION' });
      }
      for (const value of TAKEN) {
        const response = await put('/api/operator/settings', { ...settings, ...change(value) });
        expect(response.statusCode, `${field} ${value}: ${response.body}`).toBe(200);
      }
      await put('/api/operator/settings', settings);
    }
    expect(await stored('/api/operator/settings')).toEqual(settings);
  });

  it("pages: the rules' link and the contacts' socials", async () => {
    const documents = () => stored('/api/operator/documents');
    const before = await documents();
    const rules = before.rules as object;
    const contacts = before.contacts as object;
    for (const value of REFUSED) {
      const badRules = await put('/api/operator/documents/rules', { ...rules, link: value });
      expect(badRules.statusCode, `rules.link ${JSON.stringify(value)}`).toBe(400);
      const badContacts = await put('/api/operator/documents/contacts', {
        ...contacts,
        socials: [{ name: 'VK', url: value }],
      });
      expect(badContacts.statusCode, `socials.url ${JSON.stringify(value)}`).toBe(400);
    }
    expect(await documents()).toEqual(before);
    const fine = await put('/api/operator/documents/rules', { ...rules, link: '/files/rules.pdf' });
    expect(fine.statusCode).toBe(200);
  });
});
