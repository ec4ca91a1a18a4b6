import { expect, test } from '@playwright/test';
import { E2E } from './support/e2e-env';

/*
 * After the last journey (playwright.config.ts: this project depends on all the others), each server's ledger
 * still keeps the money invariants (server/core/ledger-invariants.ts): every posting sums to zero, no balance
 * drifted from its entries or went negative, what is on hold is what open payments and till spends hold.
 */
for (const [name, url] of [
  ['read-only', E2E.readOnlyUrl],
  ['mutable', E2E.mutableUrl],
  ['clock', E2E.clockUrl],
] as const) {
  test(`the ${name} server's ledger keeps its invariants after every journey`, async ({ request }) => {
    const answer = await request.get(`${url}/api/dev/ledger`);
    expect(answer.status()).toBe(200);
    expect(await answer.json()).toEqual({ violations: [] });
  });
}
