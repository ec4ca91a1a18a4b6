import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/test-app';

describe('GET /api/faq', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the demo questions in order, and 304 when unchanged', async () => {
    const response = await t.app.inject('/api/faq');
    expect(response.statusCode).toBe(200);
    const { questions } = response.json();
    expect(questions).toHaveLength(9);
    expect(questions[0]).toEqual({
      id: 1,
      question: 'Как стать участником программы?',
      answer: expect.stringContaining('Зарегистрируйтесь'),
    });
    const again = await t.app.inject({
      url: '/api/faq',
      headers: { 'if-none-match': response.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});
