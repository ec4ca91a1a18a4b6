import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readBrandSettings } from '../core/brand-settings';
import { createTestApp, type TestApp } from '../test/test-app';

const MIGRATION = new URL('./migrations/0024_links_https.sql', import.meta.url);

/**
 * Decision 050 made the brand's links https:// or a path; settings saved before it with an http:// link would
 * no longer parse, and every page reads them. Migration 0024 upgrades such links in place.
 */
describe('migration 0024: http:// links stored before decision 050', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('upgrades them to https://, so the stored settings parse again', async () => {
    await t.deps.db.execute(
      sql`update brand_settings set settings = jsonb_set(settings, '{sosLink}', '"http://example.com/sos"')`,
    );
    await expect(readBrandSettings(t.deps.db)).rejects.toThrow();
    for (const statement of readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')) {
      await t.deps.db.execute(sql.raw(statement));
    }
    expect((await readBrandSettings(t.deps.db)).sosLink).toBe('https://example.com/sos');
  });
});
