import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { answerFrameworkError } from '../lib/security-headers';
import { problemsOf } from './security-header-rules';
import { createTestApp } from './test-app';

// Answers Fastify gives before any route or hook runs.

const REJECTED_BEFORE_ROUTING: [string, number][] = [
  ['/api/news/%E0%A4%A', 400],
  ['/%E0%A4%A', 400],
  [`/api/news/${'1'.repeat(300)}`, 414],
];

describe('answers refused before routing', () => {
  // A malformed URL or an over-long path parameter is answered by Fastify itself, with no hook: only its
  // `frameworkErrors` option reaches them. answerFrameworkError (server/lib/security-headers.ts) is that
  // option's handler; app.ts does not pass it yet (see the next test).
  it('answerFrameworkError sends the headers, no-store and a {message, code} body', async () => {
    const bare = Fastify({ frameworkErrors: answerFrameworkError, routerOptions: { maxParamLength: 200 } });
    bare.get('/api/news/:id', async () => ({}));
    for (const [url, status] of REJECTED_BEFORE_ROUTING) {
      const response = await bare.inject(url);
      expect(response.statusCode, url).toBe(status);
      const problems = problemsOf({ label: url, url, auth: 'public', credential: 'none' }, response, {
        embedOrigins: [],
      });
      expect(problems).toEqual([]);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(response.body).not.toContain('%E0');
    }
    await bare.close();
  });

  // buildApp passes `frameworkErrors: answerFrameworkError` to Fastify, so these answers carry the headers.
  it('the application answers them with the security headers', async () => {
    const t = await createTestApp();
    try {
      for (const [url, status] of REJECTED_BEFORE_ROUTING) {
        const response = await t.app.inject(url);
        expect(response.statusCode, url).toBe(status);
        const problems = problemsOf({ label: url, url, auth: 'public', credential: 'none' }, response, {
          embedOrigins: [],
        });
        expect(problems).toEqual([]);
      }
    } finally {
      await t.close();
    }
  });
});
