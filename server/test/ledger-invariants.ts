import { expect } from 'vitest';
import { ledgerViolations } from '../core/ledger-invariants';
import type { Db } from '../db/client';

/**
 * The money invariants (server/core/ledger-invariants.ts) hold, and no hold is open past its expiry at `now`
 * (the test's clock). Call it at the end of every test that can move value.
 */
export async function assertLedgerInvariants(db: Db, options: { now?: Date } = {}): Promise<void> {
  expect(await ledgerViolations(db, options.now ?? new Date())).toEqual([]);
}
