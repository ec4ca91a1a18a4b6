import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-app';
import { isDatabaseUnavailable } from './availability';
import { openDatabase } from './client';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('a database that is away', () => {
  it('tells connection failures from faults of the request or the code', () => {
    const terminated = withCode('terminating connection due to administrator command', '57P01');
    const wrapped = new Error('Failed query: select 1\nparams: ', { cause: terminated });
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', '57P03'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', '23505'))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new Error('Failed query: x', { cause: withCode('syntax', '42601') }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
  });

  it('answers 503 with a message (not 500) and is not ready, while staying alive', async () => {
    // A port of this tree's range where nothing listens: PostgreSQL stopped.
    const database = await openDatabase(
      { kind: 'postgres', url: 'postgres://app@127.0.0.1:4198/none' },
      {
        migrate: false,
      },
    );
    const t = await createTestApp({ database });
    try {
      for (const url of ['/api/news', '/api/points']) {
        const answer = await t.app.inject(url);
        expect(answer.statusCode, url).toBe(503);
        expect(answer.headers['retry-after']).toBe('5');
        expect(answer.json()).toMatchObject({ code: 'UNAVAILABLE', message: /временно недоступен/ });
      }
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/auth/phone',
        payload: { phone: '79001112233' },
      });
      expect(login.statusCode).toBe(503);
      expect((await t.app.inject('/readyz')).statusCode).toBe(503);
      expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await t.close();
      await database.close();
    }
  });
});
