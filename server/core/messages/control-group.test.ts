import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { createTestDatabase } from '#server/test/test-database';
import { heldOutSql, isHeldOut } from './control-group';

describe('the control group draw (decision 076)', () => {
  it('holds out about the share asked, none at 0 %, and the same members every time', () => {
    const campaign = randomUUID();
    const members = Array.from({ length: 10_000 }, () => randomUUID());
    const held = members.filter((m) => isHeldOut(campaign, m, 20));
    expect(held.length).toBeGreaterThan(1_800);
    expect(held.length).toBeLessThan(2_200);
    expect(members.filter((m) => isHeldOut(campaign, m, 20))).toEqual(held);
    expect(members.some((m) => isHeldOut(campaign, m, 0))).toBe(false);
    // Another campaign draws another group.
    const other = randomUUID();
    expect(held.filter((m) => isHeldOut(other, m, 20)).length).toBeLessThan(held.length / 2);
  });

  describe('in SQL', () => {
    let database: Database;
    beforeAll(async () => {
      database = await createTestDatabase();
    });
    afterAll(() => database.close());

    it('draws exactly as the function does', async () => {
      const campaign = randomUUID();
      const members = Array.from({ length: 300 }, () => randomUUID());
      const result = await database.db.execute(sql`
        select m::text as id, ${heldOutSql(sql`${campaign}`, sql`m`, 30)} as held
        from unnest(${`{${members.join(',')}}`}::uuid[]) as m`);
      const rows = (result as unknown as { rows: { id: string; held: boolean }[] }).rows;
      expect(rows.map((r) => r.held)).toEqual(members.map((m) => isHeldOut(campaign, m, 30)));
    });
  });
});
