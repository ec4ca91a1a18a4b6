import { expect } from 'vitest';
import { ledgerViolations } from '../core/ledger-invariants';
import type { Clock } from '../core/clock';
import type { Db } from '../db/client';
import type { TestApp } from './test-app';

/**
 * The money invariants (server/core/ledger-invariants.ts) hold, and no hold is open past its expiry at `now`
 * (the test's clock). Call it at the end of every test that can move value.
 */
export async function assertLedgerInvariants(db: Db, options: { now?: Date } = {}): Promise<void> {
  expect(await ledgerViolations(db, options.now ?? new Date())).toEqual([]);
}

/** Every API test's end: the invariants hold at its clock's now, then its app closes. */
export async function closeAfterLedgerCheck(t: TestApp, clock: Clock): Promise<void> {
  await assertLedgerInvariants(t.deps.db, { now: clock.now() });
  await t.close();
}
