import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * A lone UTF-16 surrogate ("\ud800" in JSON) anywhere in a request is a 400 that changes nothing (issue 26 item
 * 7, decision 050): in a value, in a key, in the query. Until then a FAQ question with one was a 500 (PostgreSQL's
 * jsonb refuses it) and a feedback message was stored with a U+FFFD in its place.
 */

const OPERATOR = 'surrogate-operator-token-0123456789';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ config: { operatorToken: OPERATOR } });
});
afterAll(async () => t?.close());

const asOperator = { authorization: `Bearer ${OPERATOR}` };
const json = { 'content-type': 'application/json' };

async function faqCount(): Promise<number> {
  const response = await t.app.inject({ url: '/api/operator/faq', headers: asOperator });
  return (response.json() as unknown[]).length;
}

describe('a lone surrogate in a request', () => {
  it('in a console body: 400, and no FAQ question is added', async () => {
    const before = await faqCount();
    for (const payload of [
      '{"question":"Когда?\\ud800","answer":"Всегда"}',
      '{"question":"Когда?","answer":"\\udc00 всегда"}',
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/operator/faq',
        headers: { ...asOperator, ...json },
        payload,
      });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.stringMatching(/символ/) });
    }
    expect(await faqCount()).toBe(before);
    // The same question with an emoji (a surrogate pair) is taken.
    const emoji = await t.app.inject({
      method: 'POST',
      url: '/api/operator/faq',
      headers: { ...asOperator, ...json },
      payload: '{"question":"Когда? \\ud83d\\ude00","answer":"Всегда"}',
    });
    expect(emoji.statusCode).toBe(200);
    expect(emoji.json()).toMatchObject({ question: 'Когда? 😀' });
  });

  it('in a public form: 400, not a message stored with U+FFFD', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: json,
      payload: '{"name":"Анна\\ud800","email":"anna@example.ru","message":"Здравствуйте"}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('in a key, even one the schema would drop: 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: json,
      payload: '{"name":"Анна","email":"anna@example.ru","message":"Здравствуйте","\\ud800":1}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it("in the query (its bytes, which are not UTF-8) or a path's param: 400", async () => {
    const query = await t.app.inject({ url: '/api/admin/audit?entity=%ED%A0%80', headers: asOperator });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'VALIDATION' });
    const param = await t.app.inject({ url: '/api/news/%ED%A0%80' });
    expect(param.statusCode).toBe(400);
    // A query that is UTF-8 is searched as before.
    const fine = await t.app.inject({ url: '/api/admin/audit?entity=%D1%91', headers: asOperator });
    expect(fine.statusCode).toBe(200);
    // Outside the API the query is not read as input: a stray byte in a page's link does not refuse it.
    const outside = await t.app.inject('/healthz?utm=%ED%A0%80');
    expect(outside.statusCode).toBe(200);
  });
});
