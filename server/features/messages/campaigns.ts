import { segmentExists } from '#server/core/messages/campaign-audience';
import { desc, eq } from 'drizzle-orm';
import type { createMessageCampaignBody, MessageCampaign } from '#common/contract/messages';
import type * as z from '#common/contract/z';
import type { AppDeps } from '#server/app-deps';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { isPersonalPromo } from '#server/core/messages/member-values';
import {
  isTemplateProblem,
  parseTemplate,
  templateProblemText,
  type ParsedTemplate,
} from '#server/core/messages/template';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { messageCampaigns } from '#server/db/schema/messages';
import { AppError, notFound } from '#server/errors';
import { channelOf, type Channels } from './channels';

export type CampaignRow = typeof messageCampaigns.$inferSelect;
type CreateBody = z.output<typeof createMessageCampaignBody>;
type CampaignFields = Omit<CreateBody, 'kind' | 'trigger' | 'lapsedDays' | 'welcomeHours' | 'daysBefore'>;

export interface CampaignDeps extends Pick<AppDeps, 'db' | 'clock' | 'config'> {
  channels: Channels;
}

const invalid = (message: string) => new AppError('MESSAGE_INVALID', message);
const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** A campaign as the API shows it. */
export function campaignView(row: CampaignRow): MessageCampaign {
  return {
    id: row.id,
    kind: row.kind,
    trigger: row.trigger,
    lapsedDays: row.lapsedDays,
    welcomeHours: row.welcomeHours,
    daysBefore: row.daysBefore,
    name: row.name,
    channel: row.channel,
    segmentId: row.segmentId,
    subject: row.subject,
    template: row.template,
    links: row.links,
    couponPromoId: row.couponPromoId,
    controlPercent: row.controlPercent,
    budgetMessages: row.budgetMessages,
    sentCount: row.sentCount,
    attributionDays: row.attributionDays,
    status: row.status,
    scheduledAt: iso(row.scheduledAt),
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
    stopReason: row.stopReason,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * SEGMENTS SEAM (decision 076): until server/core/segments is merged a campaign goes to every member, so a
 * segment id is refused rather than silently ignored. The lead replaces this with "the segment exists".
 */
async function checkSegment(db: Db, segmentId: string | null) {
  if (segmentId && !(await segmentExists(db, segmentId))) throw invalid('Такого сегмента нет');
}

/** A link a message may carry: https, or the site's own address (http in development). */
function checkLinks(deps: CampaignDeps, links: readonly string[]) {
  const own = new URL(deps.config.publicUrl).origin;
  for (const link of links) {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      throw invalid(`Ссылка ${link} не читается`);
    }
    if (url.protocol !== 'https:' && url.origin !== own) {
      throw invalid(`Ссылка ${link}: только https:// или адрес сайта`);
    }
  }
}

/** Every rule of a campaign's fields; throws a 400 with the first broken one, before anything is written. */
async function checkFields(deps: CampaignDeps, body: CampaignFields): Promise<ParsedTemplate> {
  channelOf(deps.channels, body.channel);
  await checkSegment(deps.db, body.segmentId);
  const parsed = parseTemplate(body.template);
  if (isTemplateProblem(parsed)) throw invalid(templateProblemText(parsed));
  checkLinks(deps, parsed.links);
  if (parsed.variables.includes('купон') && !body.couponPromoId) {
    throw invalid(templateProblemText({ kind: 'coupon-without-promo' }));
  }
  if (body.couponPromoId && !(await isPersonalPromo(deps.db, body.couponPromoId))) {
    throw invalid('Купоны выдаются только из акции с персональными купонами');
  }
  if (body.channel === 'email' && !body.subject) throw invalid('Укажите тему письма');
  return parsed;
}

/**
 * A trigger's occasion and its one parameter (decisions 076, 081); answers the parameters to store, the others
 * null, so a parameter sent for another occasion is not kept.
 */
function triggerParams(body: CreateBody) {
  const none = { lapsedDays: null, welcomeHours: null, daysBefore: null };
  if (body.kind === 'campaign') return none;
  switch (body.trigger) {
    case 'lapsed':
      if (!body.lapsedDays) throw invalid('Укажите, через сколько дней без покупок писать');
      return { ...none, lapsedDays: body.lapsedDays };
    case 'welcome':
      if (body.welcomeHours === null) throw invalid('Укажите, через сколько часов после регистрации писать');
      return { ...none, welcomeHours: body.welcomeHours };
    case 'expiring':
      if (!body.daysBefore) throw invalid('Укажите, за сколько дней до сгорания писать (от 1)');
      return { ...none, daysBefore: body.daysBefore };
    case 'birthday':
      if (body.daysBefore === null)
        throw invalid('Укажите, за сколько дней до дня рождения писать (0 — в сам день)');
      return { ...none, daysBefore: body.daysBefore };
    case 'level_up':
      return none;
    default:
      throw invalid('Выберите повод');
  }
}

/**
 * A trigger writes to every member with consent: its walks read the due members by an index (decision 081), and
 * evaluating a segment on each of them is not built, so a segment is refused rather than silently ignored.
 */
function checkTriggerAudience(kind: CampaignRow['kind'], segmentId: string | null) {
  if (kind === 'trigger' && segmentId) {
    throw invalid('Повод пишет всем участникам с согласием: сегмент к поводу не применяется');
  }
}

const fieldsOf = (body: CampaignFields, parsed: ParsedTemplate) => ({
  name: body.name,
  channel: body.channel,
  segmentId: body.segmentId,
  subject: body.subject,
  template: body.template,
  links: parsed.links,
  couponPromoId: body.couponPromoId,
  controlPercent: body.controlPercent,
  budgetMessages: body.budgetMessages,
  attributionDays: body.attributionDays,
});

export async function listCampaigns(db: Db): Promise<MessageCampaign[]> {
  const rows = await db.select().from(messageCampaigns).orderBy(desc(messageCampaigns.createdAt));
  return rows.map(campaignView);
}

export async function loadCampaign(db: Db, campaignId: string): Promise<CampaignRow> {
  const [row] = await db.select().from(messageCampaigns).where(eq(messageCampaigns.id, campaignId));
  if (!row) throw notFound('Рассылки нет');
  return row;
}

/** A new campaign (a draft) or trigger (paused until started); audited. */
export async function createCampaign(deps: CampaignDeps, body: CreateBody, actor: AuditActor) {
  const params = triggerParams(body);
  checkTriggerAudience(body.kind, body.segmentId);
  const parsed = await checkFields(deps, body);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const [created] = await tx
      .insert(messageCampaigns)
      .values({
        kind: body.kind,
        trigger: body.kind === 'trigger' ? body.trigger : null,
        ...params,
        ...fieldsOf(body, parsed),
        status: body.kind === 'trigger' ? 'paused' : 'draft',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      actor,
      {
        action: 'message.create',
        entity: 'message',
        entityId: created!.id,
        after: { trigger: created!.trigger, ...params, ...fieldsOf(body, parsed) },
      },
      now,
    );
    return created!;
  });
  return campaignView(row);
}

/** Changes a draft or a paused trigger; a campaign that started is not edited. */
export async function updateCampaign(
  deps: CampaignDeps,
  campaignId: string,
  body: CampaignFields,
  actor: AuditActor,
) {
  const before = await loadCampaign(deps.db, campaignId);
  if (before.status !== 'draft' && before.status !== 'paused') {
    throw new AppError('MESSAGE_STATE', 'Начатую рассылку не изменить: остановите её и создайте новую');
  }
  checkTriggerAudience(before.kind, body.segmentId);
  const parsed = await checkFields(deps, body);
  const now = deps.clock.now();
  const row = await inTransaction(deps.db, async (tx) => {
    const [updated] = await tx
      .update(messageCampaigns)
      .set({ ...fieldsOf(body, parsed), updatedAt: now })
      .where(eq(messageCampaigns.id, campaignId))
      .returning();
    await recordAudit(
      tx,
      actor,
      { action: 'message.update', entity: 'message', entityId: campaignId, after: fieldsOf(body, parsed) },
      now,
    );
    return updated!;
  });
  return campaignView(row);
}
