import { and, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { MEMBER_OPERATION_TYPES, MemberDetails, MemberProfile } from '#common/contract/members';
import { cachedBrandSettings } from '#server/core/brand-settings';
import { memberLevel } from '#server/core/earn/levels';
import type { AppDeps } from '#server/app-deps';
import { toRoubles } from '#server/core/money';
import { users } from '#server/db/schema/auth';
import { cards, operations } from '#server/db/schema/cabinet';
import { paymentDrafts } from '#server/db/schema/payments';
import { tillOperations } from '#server/db/schema/till';
import { notFound } from '#server/errors';

/*
 * The member's page, further (docs/decisions/033): what payments in progress hold, and the operations filtered
 * and paged. (The saved bank cards are the bindings feature's, the login SMS the auth feature's.)
 */

type Deps = Pick<AppDeps, 'db' | 'clock'>;
type ProfileDeps = Deps & Pick<AppDeps, 'cache'>;
const PAGE = 50;
/** Days are the programme's: Moscow time (UTC+3 all year). */
const MOSCOW = '+03:00';

async function memberOf(deps: Pick<Deps, 'db'>, userId: string) {
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notFound('Участник не найден');
  return user;
}

/** Bonuses and the money-like balance held by the member's payments in progress (the ledger's hold accounts). */
export async function memberHolds(deps: Deps, userId: string) {
  await memberOf(deps, userId);
  const [drafts] = await deps.db
    .select({
      bonus: sql<string>`coalesce(sum(${paymentDrafts.spend}), 0)::text`,
      money: sql<string>`coalesce(sum(${paymentDrafts.extraSpend}), 0)::text`,
    })
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.userId, userId), inArray(paymentDrafts.state, ['processing', 'paid'])));
  const [till] = await deps.db
    .select({ bonus: sql<string>`coalesce(sum(${tillOperations.spend}), 0)::text` })
    .from(tillOperations)
    .where(and(eq(tillOperations.userId, userId), eq(tillOperations.state, 'held')));
  return {
    bonus: toRoubles(Number(drafts?.bonus ?? 0) + Number(till?.bonus ?? 0)),
    money: toRoubles(Number(drafts?.money ?? 0)),
  };
}

type OperationRow = MemberDetails['operations'][number];

/** The member's operations, newest first, a page of 50 after the cursor `<occurredAt>_<id>`. */
export async function memberOperations(
  deps: Deps,
  userId: string,
  query: { type?: OperationRow['type']; from?: string; to?: string; before?: string },
): Promise<{ items: OperationRow[]; next: string | null }> {
  await memberOf(deps, userId);
  const filters = [eq(operations.userId, userId)];
  if (query.type) filters.push(eq(operations.type, query.type as (typeof MEMBER_OPERATION_TYPES)[number]));
  if (query.from) filters.push(gte(operations.occurredAt, new Date(`${query.from}T00:00:00${MOSCOW}`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00${MOSCOW}`);
    filters.push(lt(operations.occurredAt, new Date(end.getTime() + 86_400_000)));
  }
  if (query.before) {
    const [at, id] = query.before.split('_') as [string, string];
    const when = new Date(at);
    filters.push(
      or(lt(operations.occurredAt, when), and(eq(operations.occurredAt, when), lt(operations.id, id)))!,
    );
  }
  const rows = await deps.db
    .select()
    .from(operations)
    .where(and(...filters))
    .orderBy(desc(operations.occurredAt), desc(operations.id))
    .limit(PAGE + 1);
  const page = rows.slice(0, PAGE);
  const last = page.at(-1);
  return {
    items: page.map((o) => ({
      id: o.id,
      occurredAt: o.occurredAt.toISOString(),
      place: o.place,
      type: o.type,
      state: o.state,
      amount: toRoubles(o.amount),
      earned: toRoubles(o.amountEarn),
      spent: toRoubles(o.amountSpend),
    })),
    next: rows.length > PAGE && last ? `${last.occurredAt.toISOString()}_${last.id}` : null,
  };
}

/**
 * What support is asked about beside the balances (decision 053): level, birth date, first day, consent,
 * referrer. Kept apart from member-care.ts's page so each reads its own part; the route joins them.
 */
export async function memberProfile(deps: ProfileDeps, userId: string): Promise<MemberProfile> {
  const user = await memberOf(deps, userId);
  const { levels } = await cachedBrandSettings(deps.db, deps.cache);
  const [{ level }, referrer] = await Promise.all([
    memberLevel(deps.db, levels, userId, deps.clock.now()),
    referrerOf(deps, user.referrerId),
  ]);
  return {
    createdAt: user.createdAt.toISOString(),
    birthDate: user.birthDate,
    consentVersion: user.consentVersion,
    referrer,
    level: level && { title: level.title, earnPercent: level.earnPercent, spend: level.spend },
    deletedAt: user.deletedAt?.toISOString() ?? null,
  };
}

/** The referrer's card (what the registration kept) and, when it is a card of ours, its member. */
async function referrerOf(deps: Pick<Deps, 'db'>, cardNum: string | null) {
  if (!cardNum) return null;
  const [row] = await deps.db
    .select({ userId: users.id, phone: users.phone })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    .where(eq(cards.cardNum, cardNum));
  return { cardNum, userId: row?.userId ?? null, phone: row?.phone ?? null };
}
