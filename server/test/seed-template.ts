import type { Db } from '../db/client';
import { seedDemoBrand } from '../db/seed/demo-brand';
import { seedDemoCustomer } from '../db/seed/demo-customer';

/**
 * The day the test databases' demo brand is seeded as of: the tests' fake clocks stand in November 2026, so the
 * demo campaign keeps the end its file gives (2026-12-31) whatever the real date is (decision 039).
 */
export const TEST_SEED_DAY = '2026-11-01';

/** The demo brand and its customer, as every test database starts with them. */
export async function seedTestTemplate(db: Db) {
  await seedDemoBrand(db, { today: TEST_SEED_DAY });
  await seedDemoCustomer(db);
}
