import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino, { type LoggerOptions } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/auth';
import type { Database } from '../db/client';
import { createTestDatabase } from '../test/test-database';
import { loggerOptions } from './logger';

/**
 * A failed query's log line carries its SQL text and the database's code, never its parameters (issue 26 item
 * 7, decision 050): until then it carried a recipient's phone, Drizzle's "params: …", and PostgreSQL's detail.
 */

const PHONE = '79005553311';
const KEY = 'invoice-key-Zx81QpLm';
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

/** What the app's logger (its serializers and redaction) writes for `log.error({ err })`. */
function logLine(error: unknown): string {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  pino(loggerOptions('info') as LoggerOptions, sink).error({ err: error }, 'request failed');
  return lines.join('');
}

describe("a failed query's log line", () => {
  it('a unique violation: the SQL and the code, not the phone (in params or in the detail)', async () => {
    await database.db.insert(users).values({ phone: PHONE });
    const error = await failure(() => database.db.insert(users).values({ phone: PHONE, email: KEY }));
    expect(String((error as Error).message)).toContain(PHONE); // what the log used to carry
    const line = logLine(error);
    expect(line).not.toContain(PHONE);
    expect(line).not.toContain(KEY);
    expect(line).toContain('insert into \\"users\\"');
    expect(JSON.parse(line).err.cause).toMatchObject({ code: '23505', constraint: 'users_phone_unique' });
  });

  it('a value the database refuses: its message quotes no value', async () => {
    const error = await failure(() => database.db.execute(sql`select ${KEY}::uuid`));
    const line = logLine(error);
    expect(line).not.toContain(PHONE);
    expect(line).not.toContain(KEY);
    expect(JSON.parse(line).err).toMatchObject({ query: expect.stringContaining('::uuid') });
  });

  it('another error keeps its message and stack', () => {
    const line = JSON.parse(logLine(new TypeError('x is "undefined"')));
    expect(line.err).toMatchObject({ type: 'TypeError', message: 'x is "undefined"' });
    expect(line.err.stack).toContain('logged-error.test.ts');
  });
});
