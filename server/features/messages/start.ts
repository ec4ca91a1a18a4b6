import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { campaignAudience } from '#server/core/messages/campaign-audience';
import { roomForSegments } from '#server/core/segments/segment-query';
import { heldOutSql } from '#server/core/messages/control-group';
import { forgetLevelUpTriggers } from '#server/core/messages/level-up';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { messageCampaigns } from '#server/db/schema/messages';
import { AppError } from '#server/errors';
import { campaignView, loadCampaign, type CampaignRow } from './campaigns';
import { DONE_ID } from './trigger-lock';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const stateError = (message: string) => new AppError('MESSAGE_STATE', message);

/**
 * Writes a campaign's messages in one statement (decision 076): one row per member of the audience, its group
 * drawn once (control share held out, status `control`, its purchases counted from now), the rest `queued`, due
 * now. Answers how many rows were written.
 */
async function enqueueAudience(tx: Db, campaign: CampaignRow, now: Date): Promise<number> {
  // The segment is evaluated here at the campaign's size: the memory its sets need (decision 082).
  if (campaign.segmentId) await roomForSegments(tx);
  const nowIso = now.toISOString();
  const held = heldOutSql(sql`${campaign.id}`, sql`a.id`, campaign.controlPercent);
  const result = await tx.execute(sql`
    insert into messages (campaign_id, user_id, grp, status, idempotency_key, link_code, not_before, anchor_at, created_at)
    select ${campaign.id}::uuid, a.id,
      case when ${held} then 'control' else 'campaign' end,
      case when ${held} then 'control' else 'queued' end,
      ${campaign.id}::text || ':' || a.id::text,
      substr(replace(gen_random_uuid()::text, '-', ''), 1, 12),
      ${nowIso}::timestamptz,
      case when ${held} then ${nowIso}::timestamptz end,
      ${nowIso}::timestamptz
    from (${await campaignAudience(tx, campaign.segmentId, now)}) a
    on conflict do nothing`);
  return (
    (result as { affectedRows?: number; rowCount?: number }).affectedRows ??
    (result as { rowCount?: number }).rowCount ??
    0
  );
}

/** Starts a due campaign inside `tx` (its row locked): the messages written, the status `sending`. */
export async function startLocked(tx: Db, campaignId: string, now: Date): Promise<CampaignRow | null> {
  const [locked] = rowsOf<{ id: string }>(
    await tx.execute(sql`select id from message_campaigns where id = ${campaignId} for update`),
  );
  if (!locked) return null;
  const campaign = await loadCampaign(tx, campaignId);
  if (campaign.status !== 'draft' && campaign.status !== 'scheduled') return null;
  await enqueueAudience(tx, campaign, now);
  const [started] = await tx
    .update(messageCampaigns)
    .set({ status: 'sending', startedAt: now, updatedAt: now })
    .where(eq(messageCampaigns.id, campaignId))
    .returning();
  return started!;
}

const DAY_MS = 86_400_000;

/**
 * Where a trigger's walk starts when first switched on (decisions 076, 081): at its edge, so what became due
 * before (a purchase lapsed long ago, a registration of last month, bonuses that expire tomorrow) is not written
 * to at once. The birthday walk starts at today's birthdays (null: the day is read on the first run); level up
 * has no walk.
 */
function firstCursor(campaign: CampaignRow, now: Date): { cursorAt: Date | null; cursorId: string | null } {
  const at = (ms: number) => new Date(now.getTime() + ms);
  switch (campaign.trigger) {
    case 'lapsed':
      return { cursorAt: at(-(campaign.lapsedDays ?? 0) * DAY_MS), cursorId: null };
    case 'welcome':
      return { cursorAt: at(-(campaign.welcomeHours ?? 0) * 3_600_000), cursorId: DONE_ID };
    case 'expiring':
      return { cursorAt: at((campaign.daysBefore ?? 0) * DAY_MS), cursorId: null };
    default:
      return { cursorAt: null, cursorId: null };
  }
}

/**
 * Sends a campaign now or at `at` (in the future), or starts a trigger firing; audited in the same transaction.
 */
export async function startCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  campaignId: string,
  at: string | undefined,
  actor: AuditActor,
) {
  const now = deps.clock.now();
  const when = at ? new Date(at) : null;
  if (when && when.getTime() <= now.getTime()) {
    throw new AppError('MESSAGE_INVALID', 'Время отправки уже прошло: выберите время в будущем');
  }
  const row = await inTransaction(deps.db, async (tx) => {
    const campaign = await loadCampaign(tx, campaignId);
    let result: CampaignRow | null | undefined;
    if (campaign.kind === 'trigger') {
      if (campaign.status !== 'paused') throw stateError('Повод уже включён');
      // A paused trigger resumes where it stopped; a new one starts at its edge (firstCursor).
      const cursor = campaign.cursorAt
        ? { cursorAt: campaign.cursorAt, cursorId: campaign.cursorId }
        : firstCursor(campaign, now);
      [result] = await tx
        .update(messageCampaigns)
        .set({ status: 'active', ...cursor, startedAt: campaign.startedAt ?? now, updatedAt: now })
        .where(eq(messageCampaigns.id, campaignId))
        .returning();
    } else if (when) {
      if (campaign.status !== 'draft' && campaign.status !== 'scheduled')
        throw stateError('Рассылка уже отправляется или закончена');
      [result] = await tx
        .update(messageCampaigns)
        .set({ status: 'scheduled', scheduledAt: when, updatedAt: now })
        .where(eq(messageCampaigns.id, campaignId))
        .returning();
    } else {
      result = await startLocked(tx, campaignId, now);
      if (!result) throw stateError('Рассылка уже отправляется или закончена');
    }
    await recordAudit(
      tx,
      actor,
      {
        action: when ? 'message.schedule' : 'message.start',
        entity: 'message',
        entityId: campaignId,
        after: { status: result!.status, scheduledAt: when?.toISOString() ?? null },
      },
      now,
    );
    return result!;
  });
  if (row.trigger === 'level_up') forgetLevelUpTriggers(deps.db);
  return campaignView(row);
}

/** Stops a campaign (its queued messages are skipped: `stopped`) or pauses a trigger; audited. */
export async function stopCampaign(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  campaignId: string,
  actor: AuditActor,
) {
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const campaign = await loadCampaign(tx, campaignId);
    const next = campaign.kind === 'trigger' ? 'paused' : 'stopped';
    if (!['scheduled', 'sending', 'active'].includes(campaign.status)) {
      throw stateError('Рассылка не идёт');
    }
    await tx.execute(sql`
      update messages set status = 'skipped', reason = 'stopped', anchor_at = ${now.toISOString()}::timestamptz
      where campaign_id = ${campaignId} and status = 'queued'`);
    const [stopped] = await tx
      .update(messageCampaigns)
      .set({
        status: next,
        stopReason: next === 'stopped' ? 'operator' : null,
        finishedAt: next === 'stopped' ? now : null,
        updatedAt: now,
      })
      .where(eq(messageCampaigns.id, campaignId))
      .returning();
    await recordAudit(
      tx,
      actor,
      { action: 'message.stop', entity: 'message', entityId: campaignId, after: { status: next } },
      now,
    );
    return stopped!;
  });
  if (row.trigger === 'level_up') forgetLevelUpTriggers(deps.db);
  return campaignView(row);
}
