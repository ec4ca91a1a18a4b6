import { brandSettingsSchema, type BrandSettings } from '#common/contract/header';
import type { Db } from '../db/client';
import { brandSettings } from '../db/schema/brand';
import { AppError } from '../errors';
import { parseInput } from '../lib/parse-input';
import type { ContentCache } from '../lib/content-cache';

/** The brand's settings; a deployment without them is not set up, which is an operator's error. */
export async function readBrandSettings(db: Db): Promise<BrandSettings> {
  const [row] = await db.select().from(brandSettings).limit(1);
  return parseBrandSettings(row?.settings);
}

/** The settings column's value as read (by `readBrandSettings` or inside a larger query): undefined if none. */
export function parseBrandSettings(stored: unknown): BrandSettings {
  if (stored === undefined || stored === null) {
    throw new AppError('UNAVAILABLE', 'Программа лояльности ещё не настроена');
  }
  return brandSettingsSchema.parse(stored);
}

/** The last settings text parsed, and what it parsed to. */
let lastParsed: { text: string; settings: BrandSettings } | null = null;

/**
 * The settings column read as text (`settings::text`, inside a larger query): parsed as `parseBrandSettings`
 * does, but only when the text differs from the last one parsed. The query still reads the row every time, so
 * the settings are exactly as fresh as the database; only the zod parse of the same text is not repeated (it
 * was a tenth of Node's CPU per payment, decision 037). The parsed object is shared: nobody may change it.
 */
export function parseBrandSettingsText(text: string | null | undefined): BrandSettings {
  if (text === null || text === undefined) return parseBrandSettings(text);
  if (lastParsed?.text === text) return lastParsed.settings;
  const settings = parseBrandSettings(JSON.parse(text));
  lastParsed = { text, settings };
  return settings;
}

/**
 * Validates and stores the brand's settings, then drops every cached copy (here and, by revision, elsewhere).
 * `audit` writes the change's audit row in the same transaction (an operator's change: decision 026).
 */
export async function saveBrandSettings(
  db: Db,
  cache: ContentCache,
  input: unknown,
  audit?: (tx: Db, settings: BrandSettings) => Promise<void>,
): Promise<BrandSettings> {
  const settings = parseInput(brandSettingsSchema, input, 'Настройки не сохранены');
  await cache.write(async (tx) => {
    await tx
      .insert(brandSettings)
      .values({ id: 1, settings })
      .onConflictDoUpdate({ target: brandSettings.id, set: { settings, updatedAt: new Date() } });
    await audit?.(tx, settings);
  });
  return settings;
}

/**
 * The brand's settings for work inside the transaction `tx`: the cached copy when there is one, else read through
 * `tx` itself. Never `cachedBrandSettings(deps.db, …)` there: on PGlite's one connection a query outside the open
 * transaction waits for it to end, and it never ends (the e2e server hung so, decision 065).
 */
export function brandSettingsWithin(tx: Db, cache: ContentCache): Promise<BrandSettings> {
  const cached = cache.peek<BrandSettings>('brand-settings');
  return cached ? Promise.resolve(cached) : readBrandSettings(tx);
}

/** The brand's settings from the content cache: built once per change, for pages and the web manifest. */
export function cachedBrandSettings(db: Db, cache: ContentCache): Promise<BrandSettings> {
  return cache.get('brand-settings', () => readBrandSettings(db));
}
