import { desc, eq, sql } from 'drizzle-orm';
import type { Promo, PromoInput } from '#common/contract/coupons';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { readBrandSettings } from '#server/core/brand-settings';
import { mayPassEarnLimits } from '#server/core/earn/earn-limits';
import { normalCode, type PromoRow } from '#server/core/coupons/find';
import { fromRoubles, toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { promoCodes, promos } from '#server/db/schema/coupons';
import { AppError, notFound } from '#server/errors';

/**
 * The marketer's promos (decision 064): create and list, each change audited in its transaction. A shared
 * promo's code is written with it; one-use codes are generated (generate.ts), personal coupons issued
 * (personal.ts).
 */

const isPercent = (effect: PromoRow['effect']) => effect.endsWith('_percent');

/** The stored value: a percent as is, a sum in kopecks. */
const valueOf = (input: Pick<PromoInput, 'effect' | 'value'>) =>
  input.effect.endsWith('_PERCENT') ? input.value : fromRoubles(input.value);

interface Counts {
  codes: number;
  held: number;
  used: number;
  sharedCode: string | null;
}

export const toPromo = (row: PromoRow, counts: Counts): Promo => ({
  id: row.id,
  title: row.title,
  kind: row.kind.toUpperCase() as Promo['kind'],
  effect: row.effect.toUpperCase() as Promo['effect'],
  value: isPercent(row.effect) ? row.value : toRoubles(row.value),
  categoryId: row.categoryId,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  perMemberLimit: row.perMemberLimit,
  totalLimit: row.totalLimit,
  paused: row.paused,
  code: counts.sharedCode,
  codes: counts.codes,
  held: counts.held,
  used: counts.used,
  createdAt: row.createdAt.toISOString(),
});

/** Every promo, newest first, with its codes and uses counted (two grouped queries). */
export async function listPromos(db: Db): Promise<Promo[]> {
  const [rows, codes, uses] = await Promise.all([
    db.select().from(promos).orderBy(desc(promos.createdAt), desc(promos.id)),
    db.execute(
      sql`select promo_id, count(*)::int as n, min(code) as code from promo_codes group by promo_id`,
    ),
    db.execute(sql`select promo_id, count(*) filter (where state = 'held')::int as held,
      count(*) filter (where state = 'used')::int as used from coupon_uses group by promo_id`),
  ]);
  type CodeCount = { promo_id: string; n: number; code: string };
  type UseCount = { promo_id: string; held: number; used: number };
  const codesBy = new Map((codes as unknown as { rows: CodeCount[] }).rows.map((row) => [row.promo_id, row]));
  const usesBy = new Map((uses as unknown as { rows: UseCount[] }).rows.map((row) => [row.promo_id, row]));
  return rows.map((row) =>
    toPromo(row, {
      codes: codesBy.get(row.id)?.n ?? 0,
      held: usesBy.get(row.id)?.held ?? 0,
      used: usesBy.get(row.id)?.used ?? 0,
      sharedCode: row.kind === 'shared' ? (codesBy.get(row.id)?.code ?? null) : null,
    }),
  );
}

/** A promo by id, or the 404. */
export async function loadPromo(db: Db, promoId: string): Promise<PromoRow> {
  const [row] = await db.select().from(promos).where(eq(promos.id, promoId));
  if (!row) throw notFound('Акция с промокодами не найдена');
  return row;
}

/**
 * A promo's extra bonuses pass the owner's limits on a campaign (decision 046) only when the caller holds
 * `earnLimits.write`: a marketer's code cannot mint more than the marketer's campaign could. (At the till, the
 * code's bonuses also stay within the owner's cap on one cheque.)
 */
async function assertWithinLimits(tx: Db, input: PromoInput, actor: AuditActor) {
  if (mayPassEarnLimits(actor.caller)) return;
  const limits = (await readBrandSettings(tx)).earnLimits;
  const beyond = 'такой промокод сохраняет только владелец программы';
  const over =
    input.effect === 'BONUS_FIXED' && input.value > limits.campaignFixed
      ? `Бонусов больше предела ${limits.campaignFixed}: ${beyond}`
      : input.effect === 'BONUS_PERCENT' && input.value > limits.campaignExtraPercent
        ? `Процент больше предела ${limits.campaignExtraPercent}%: ${beyond}`
        : null;
  if (over) throw new AppError('CAMPAIGN_LIMIT', over, { fields: { value: over } });
}

/** A new promo (a SHARED one with its code: 409 when another promo has that code), audited. */
export async function createPromo(db: Db, input: PromoInput, actor: AuditActor, now: Date): Promise<Promo> {
  return inTransaction(db, async (tx) => {
    await assertWithinLimits(tx, input, actor);
    const [row] = await tx
      .insert(promos)
      .values({
        title: input.title,
        kind: input.kind.toLowerCase() as PromoRow['kind'],
        effect: input.effect.toLowerCase() as PromoRow['effect'],
        value: valueOf(input),
        categoryId: input.categoryId,
        startsOn: input.startsOn,
        endsOn: input.endsOn,
        perMemberLimit: input.perMemberLimit,
        totalLimit: input.totalLimit,
        createdAt: now,
      })
      .returning();
    let sharedCode: string | null = null;
    if (input.code) {
      sharedCode = normalCode(input.code);
      const [inserted] = await tx
        .insert(promoCodes)
        .values({ promoId: row!.id, code: sharedCode, createdAt: now })
        .onConflictDoNothing()
        .returning();
      if (!inserted) throw new AppError('PROMO_CODE_TAKEN', 'Такой промокод уже есть у другой акции');
    }
    const created = toPromo(row!, { codes: sharedCode ? 1 : 0, held: 0, used: 0, sharedCode });
    await recordAudit(tx, actor, {
      action: 'promo.create',
      entity: 'promo',
      entityId: created.id,
      after: created,
    });
    return created;
  });
}
