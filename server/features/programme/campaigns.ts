import { and, eq } from 'drizzle-orm';
import type { ActiveCampaign, Campaign, CampaignInput } from '../../../common/contract/programme';
import type { AppDeps } from '../../app-deps';
import { cachedBrandSettings } from '../../core/brand-settings';
import { allCampaigns, cachedActiveCampaigns, toCampaign, toCampaignValues } from '../../core/earn/campaigns';
import { runsAt } from '../../core/earn/rules';
import { campaigns } from '../../db/schema/programme';
import { notFound } from '../../errors';

/**
 * The operator's campaigns (docs/decisions/027-programme-rules.md). Every write goes through the content cache's
 * `write`, so each instance's copy of the active campaigns (which the earn path reads) is rebuilt at once.
 * Each mutation is one function here: the place for the operator's audit record and permission (issue 16).
 */
export type ProgrammeDeps = Pick<AppDeps, 'db' | 'cache' | 'clock'>;

export async function listCampaigns(deps: ProgrammeDeps): Promise<Campaign[]> {
  return (await allCampaigns(deps.db)).map(toCampaign);
}

export async function createCampaign(deps: ProgrammeDeps, input: CampaignInput): Promise<Campaign> {
  const values = toCampaignValues(input);
  const [row] = await deps.cache.write((tx) => tx.insert(campaigns).values(values).returning());
  return toCampaign(row!);
}

export async function updateCampaign(
  deps: ProgrammeDeps,
  id: string,
  input: CampaignInput,
): Promise<Campaign> {
  const values = toCampaignValues(input);
  const [row] = await deps.cache.write((tx) =>
    tx
      .update(campaigns)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(campaigns.id, id))
      .returning(),
  );
  if (!row) throw notFound('Акция не найдена');
  return toCampaign(row);
}

export async function deleteCampaign(deps: ProgrammeDeps, id: string): Promise<{ deleted: true }> {
  const [row] = await deps.cache.write((tx) =>
    tx
      .delete(campaigns)
      .where(and(eq(campaigns.id, id)))
      .returning({ id: campaigns.id }),
  );
  if (!row) throw notFound('Акция не найдена');
  return { deleted: true };
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
