import { eq, inArray } from 'drizzle-orm';
import type { ActiveCampaign, Campaign, CampaignInput } from '#common/contract/programme';
import type { AppDeps } from '#server/app-deps';
import { cachedBrandSettings, readBrandSettings } from '#server/core/brand-settings';
import { campaignOverLimit, mayPassEarnLimits } from '#server/core/earn/earn-limits';
import {
  allCampaigns,
  cachedActiveCampaigns,
  toCampaign,
  toCampaignValues,
} from '#server/core/earn/campaigns';
import { runsAt } from '#server/core/earn/rules';
import { catalogueCategories } from '#server/db/schema/catalogue';
import { campaigns, type StoredCampaignGoods } from '#server/db/schema/programme';
import type { Db } from '#server/db/client';
import { AppError, notFound } from '#server/errors';
import { recordAudit, type AuditActor } from '#server/core/audit';

/**
 * The operator's campaigns (docs/decisions/027-programme-rules.md). Every write goes through the content cache's
 * `write`, so each instance's copy of the active campaigns (which the earn path reads) is rebuilt at once.
 * Each mutation writes its audit record (decision 026) in the same transaction.
 */
export type ProgrammeDeps = Pick<AppDeps, 'db' | 'cache' | 'clock'>;

export async function listCampaigns(deps: ProgrammeDeps): Promise<Campaign[]> {
  return (await allCampaigns(deps.db)).map(toCampaign);
}

export async function createCampaign(
  deps: ProgrammeDeps,
  input: CampaignInput,
  actor: AuditActor,
): Promise<Campaign> {
  const values = toCampaignValues(input);
  return deps.cache.write(async (tx) => {
    await assertWithinLimits(tx, input.effect, actor);
    await assertKnownCategories(tx, values.goods ?? null);
    const [row] = await tx.insert(campaigns).values(values).returning();
    const created = toCampaign(row!);
    await recordAudit(tx, actor, {
      action: 'campaign.create',
      entity: 'campaign',
      entityId: created.id,
      after: created,
    });
    return created;
  });
}

export async function updateCampaign(
  deps: ProgrammeDeps,
  id: string,
  input: CampaignInput,
  actor: AuditActor,
): Promise<Campaign> {
  const values = toCampaignValues(input);
  return deps.cache.write(async (tx) => {
    await assertWithinLimits(tx, input.effect, actor);
    await assertKnownCategories(tx, values.goods ?? null);
    const [before] = await tx.select().from(campaigns).where(eq(campaigns.id, id));
    const [row] = await tx
      .update(campaigns)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(campaigns.id, id))
      .returning();
    if (!before || !row) throw notFound('Бонусная кампания не найдена');
    const after = toCampaign(row);
    await recordAudit(tx, actor, {
      action: 'campaign.update',
      entity: 'campaign',
      entityId: id,
      before: toCampaign(before),
      after,
    });
    return after;
  });
}

/**
 * A campaign whose effect passes the owner's limits (decision 046) is saved only by a caller holding
 * `earnLimits.write`; anyone else's save is refused whole, naming the limit (and the field, for the form).
 */
async function assertWithinLimits(tx: Db, effect: Campaign['effect'], actor: AuditActor) {
  if (mayPassEarnLimits(actor.caller)) return;
  const over = campaignOverLimit(effect, (await readBrandSettings(tx)).earnLimits);
  if (over) throw new AppError('CAMPAIGN_LIMIT', over.message, { fields: { [over.field]: over.message } });
}

/**
 * A goods campaign names categories the catalogue has (decision 062): a typo would silently reward nothing. Its
 * SKUs may be goods not loaded yet (a line with an unknown SKU still matches by SKU), so they are not checked.
 */
async function assertKnownCategories(tx: Db, goods: StoredCampaignGoods | null) {
  if (!goods) return;
  for (const field of ['categories', 'excludeCategories'] as const) {
    const named = goods[field];
    if (named.length === 0) continue;
    const found = await tx
      .select({ id: catalogueCategories.id })
      .from(catalogueCategories)
      .where(inArray(catalogueCategories.id, named));
    const known = new Set(found.map((row) => row.id));
    const unknown = named.filter((id) => !known.has(id));
    if (unknown.length === 0) continue;
    const message = `В каталоге нет категорий: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? '…' : ''}`;
    throw new AppError('VALIDATION', message, { fields: { [`goods.${field}`]: message } });
  }
}

export async function deleteCampaign(
  deps: ProgrammeDeps,
  id: string,
  actor: AuditActor,
): Promise<{ deleted: true }> {
  return deps.cache.write(async (tx) => {
    const [row] = await tx.delete(campaigns).where(eq(campaigns.id, id)).returning();
    if (!row) throw notFound('Бонусная кампания не найдена');
    await recordAudit(tx, actor, {
      action: 'campaign.delete',
      entity: 'campaign',
      entityId: id,
      before: toCampaign(row),
    });
    return { deleted: true as const };
  });
}

/**
 * The campaigns running on the brand's calendar day now: their period and weekday (not their hours, so a
 * happy hour is announced the whole day), highest priority first. For the home page and the cabinet.
 */
export async function activeCampaigns(deps: ProgrammeDeps): Promise<ActiveCampaign[]> {
  const [{ rows }, settings] = await Promise.all([
    cachedActiveCampaigns(deps.db, deps.cache),
    cachedBrandSettings(deps.db, deps.cache),
  ]);
  const now = deps.clock.now();
  return rows
    .filter((row) => runsAt({ ...toCampaign(row), hours: null }, now, settings.timeZone, false))
    .sort((a, b) => b.priority - a.priority)
    .map((row) => ({ id: row.id, title: row.title, description: row.description, endsOn: row.endsOn }));
}
