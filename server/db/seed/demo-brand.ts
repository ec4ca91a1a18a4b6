import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from '../client';
import { brandSettings, pictures } from '../schema/brand';
import { contentDocuments } from '../schema/content';
import type { CampaignInput } from '../../../common/contract/programme';
import { toCampaignValues } from '../../core/earn/campaigns';
import { campaigns } from '../schema/programme';
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

/**
 * Seeds the demo brand into an empty database. It never overwrites a brand that exists and never runs in
 * production (the configuration refuses SEED_DEMO there).
 */
/** The campaigns the demo's news and actions promise (decision 027), validated like the operator's. */
async function seedDemoCampaigns(tx: Db, dir: string) {
  const file = join(dir, 'campaigns.json');
  if (!existsSync(file)) return;
  const list = JSON.parse(readFileSync(file, 'utf8')) as CampaignInput[];
  if (list.length) await tx.insert(campaigns).values(list.map(toCampaignValues));
}

export async function seedDemoBrand(db: Db): Promise<boolean> {
  const [existing] = await db.select({ id: brandSettings.id }).from(brandSettings).limit(1);
  if (existing) {
    // A database seeded before content existed gets the demo content once; an operator's is never touched.
    const [document] = await db.select({ name: contentDocuments.name }).from(contentDocuments).limit(1);
    if (!document) await db.transaction((tx) => seedDemoContent(tx as unknown as Db, DEMO_DIR));
    return false;
  }
  const settings = JSON.parse(readFileSync(join(DEMO_DIR, 'settings.json'), 'utf8'));
  await db.transaction(async (tx) => {
    await tx.insert(brandSettings).values({ id: 1, settings });
    await seedDemoContent(tx as unknown as Db, DEMO_DIR);
    await seedDemoCampaigns(tx as unknown as Db, DEMO_DIR);
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
