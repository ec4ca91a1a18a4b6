import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../client';
import { brandSettings, pictures } from '../schema/brand';
import { contentDocuments } from '../schema/content';
import type { CampaignInput } from '#common/contract/programme';
import { toCampaignValues } from '#server/core/earn/campaigns';
import { campaigns } from '../schema/programme';
import { catalogueItems } from '../schema/catalogue';
import { seedDemoCatalogue } from './demo-catalogue';
import { seedDemoPromos } from './demo-promos';
import { seedDemoSegments } from './demo-segments';
import { seedDemoContent } from './demo-content';

/** The demo brand's files sit beside this module in the source tree and beside the bundle in dist/server. */
export const DEMO_DIR = fileURLToPath(new URL('./demo/', import.meta.url));

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
};

/** Pictures stored under another key than their file name (the spec's logo key). */
const PICTURE_KEYS: Record<string, string> = { 'logo.svg': 'xxhdpi_logo_small' };

/** Days a demo campaign still runs after the seeding day: the e2e clock server moves up to a week ahead. */
const DEMO_CAMPAIGN_MIN_DAYS_LEFT = 14;

/**
 * A demo campaign that would end (or has ended) within two weeks of the seeding day runs a year longer, as often
 * as needed: a demo seeded in a later season still shows its weekend campaign (decision 039).
 */
export function demoCampaignEnd(endsOn: string | null | undefined, today: string): string | null {
  if (!endsOn) return null;
  const earliest = new Date(`${today}T00:00:00Z`);
  earliest.setUTCDate(earliest.getUTCDate() + DEMO_CAMPAIGN_MIN_DAYS_LEFT);
  const end = new Date(`${endsOn}T00:00:00Z`);
  while (end < earliest) end.setUTCFullYear(end.getUTCFullYear() + 1);
  return end.toISOString().slice(0, 10);
}

/** The campaigns the demo's news and actions promise (decision 027), validated like the operator's. */
async function seedDemoCampaigns(tx: Db, dir: string, today: string) {
  const file = join(dir, 'campaigns.json');
  if (!existsSync(file)) return;
  const list = (JSON.parse(readFileSync(file, 'utf8')) as CampaignInput[]).map((campaign) => ({
    ...campaign,
    endsOn: demoCampaignEnd(campaign.endsOn, today),
  }));
  if (list.length) await tx.insert(campaigns).values(list.map(toCampaignValues));
}

export interface SeedOptions {
  /** The seeding day, YYYY-MM-DD (UTC): the demo campaign's end follows it. Tests fix it; default today. */
  today?: string;
}

/**
 * Seeds the demo brand into an empty database. It never overwrites a brand that exists and never runs in
 * production (the configuration refuses SEED_DEMO there).
 */
export async function seedDemoBrand(db: Db, options: SeedOptions = {}): Promise<boolean> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  const [existing] = await db.select({ id: brandSettings.id }).from(brandSettings).limit(1);
  if (existing) {
    // A database seeded before content existed gets the demo content once; an operator's is never touched.
    const [document] = await db.select({ name: contentDocuments.name }).from(contentDocuments).limit(1);
    if (!document) await db.transaction((tx) => seedDemoContent(tx as unknown as Db, DEMO_DIR));
    // Likewise a demo seeded before the catalogue (decision 060) gets its goods once, while it has none.
    const [item] = await db.select({ sku: catalogueItems.sku }).from(catalogueItems).limit(1);
    if (!item) await db.transaction((tx) => seedDemoCatalogue(tx as unknown as Db));
    return false;
  }
  const settings = JSON.parse(readFileSync(join(DEMO_DIR, 'settings.json'), 'utf8'));
  await db.transaction(async (tx) => {
    await tx.insert(brandSettings).values({ id: 1, settings });
    await seedDemoContent(tx as unknown as Db, DEMO_DIR);
    await seedDemoCampaigns(tx as unknown as Db, DEMO_DIR, today);
    await seedDemoCatalogue(tx as unknown as Db);
    await seedDemoPromos(tx as unknown as Db);
    await seedDemoSegments(tx as unknown as Db);
    const folder = join(DEMO_DIR, 'pictures');
    if (!existsSync(folder)) return;
    for (const file of readdirSync(folder)) {
      const contentType = CONTENT_TYPES[extname(file)];
      if (!contentType) continue;
      const data = readFileSync(join(folder, file));
      await tx
        .insert(pictures)
        .values({ name: PICTURE_KEYS[file] ?? file, contentType, data })
        .onConflictDoNothing();
    }
  });
  return true;
}
