import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-database';
import type { Database } from './client';
import { inTransaction } from './in-transaction';
import { prepared } from './prepared';
import { users } from './schema/auth';

const USER = getTableColumns(users);
const userByPhone = prepared('test_user_by_phone', USER, (db) =>
  db
    .select(USER)
    .from(users)
    .where(eq(users.phone, sql.placeholder('phone'))),
);
const insertUser = prepared('test_user_insert', { id: users.id }, (db) =>
  db
    .insert(users)
    .values({ phone: sql.placeholder('phone'), registeredAt: sql.placeholder('registeredAt') })
    .returning({ id: users.id }),
);

describe('prepared statements (decision 037)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers what the query builder answers, columns decoded alike, again and again', async () => {
    const registeredAt = new Date('2026-11-26T10:00:00.123Z');
    const [created] = await insertUser(database.db, { phone: '79005550101', registeredAt });
    const built = await database.db.select().from(users).where(eq(users.phone, '79005550101'));
    for (let i = 0; i < 3; i++) {
      const rows = await userByPhone(database.db, { phone: '79005550101' });
      expect(rows).toEqual(built);
    }
    expect(built[0]!.id).toBe(created!.id);
    expect(built[0]!.registeredAt).toEqual(registeredAt);
    expect(await userByPhone(database.db, { phone: '79005550199' })).toEqual([]);
  });

  it('runs inside a transaction on its connection: it sees the transaction writes, and they roll back', async () => {
    const phone = '79005550102';
    let written!: () => void;
    const wrote = new Promise<void>((resolve) => (written = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const work = inTransaction(database.db, async (tx) => {
      await insertUser(tx, { phone, registeredAt: null });
      expect(await userByPhone(tx, { phone })).toHaveLength(1);
      written();
      await finished;
      throw new Error('roll back');
    });
    await wrote;
    // Not committed: the pool's other connections do not see it. Asked from outside the transaction's work (from
    // inside, the nesting guard refuses a root query: decision 065); PGlite has one connection, busy here.
    if (database.kind === 'postgres') expect(await userByPhone(database.db, { phone })).toHaveLength(0);
    finish();
    await expect(work).rejects.toThrow('roll back');
    expect(await userByPhone(database.db, { phone })).toHaveLength(0);
  });

  it('refuses a value left undefined, where the builder would have skipped the column', async () => {
    await expect(insertUser(database.db, { phone: '79005550103', registeredAt: undefined })).rejects.toThrow(
      /registeredAt/,
    );
    expect(await userByPhone(database.db, { phone: '79005550103' })).toEqual([]);
  });

  it('refuses a name used twice', () => {
    expect(() => prepared('test_user_by_phone', USER, (db) => db.select(USER).from(users))).toThrow(
      /defined twice/,
    );
  });
});
