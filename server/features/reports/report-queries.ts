import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';

/**
 * The set-based reads behind a report (docs/decisions/031). Each walks an index on its time column over the
 * range only: the ledger's flows (`ledger_transactions_created_at`), the new members, the active members, the
 * payment records. What is owed at the end of the range is what is owed now (cached balances, open holds) less
 * what moved after the range, so no read sums the ledger from its beginning.
 */

export interface Window {
  /** The range's first instant and the instant after its last day, in the brand's time zone. */
  start: SQL;
  end: SQL;
  timeZone: string;
}

/** PGlite answers `{rows}`, node-postgres a result with `rows` too. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** `and point = any(...)` for the points asked for; nothing when none (all points). */
export const onlyPoints = (points: number[]) =>
  points.length
    ? sql`and point = any(array[${sql.join(
        points.map((p) => sql`${p}::int`),
        sql`, `,
      )}])`
    : sql``;

/** yyyy-mm-dd plus `n` days. */
export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The midnight that starts `day` (yyyy-mm-dd) in `timeZone`, as a timestamptz. */
export const midnight = (day: string, timeZone: string, plusDays = 0) =>
  sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${timeZone})`;

const SYSTEM_IDS = sql`array[${sql.join(
  Object.values(SYSTEM_ACCOUNTS).map((id) => sql`${id}::uuid`),
  sql`, `,
)}]`;
/** Gift value moved onto a holder's money-like balance has no system account: its credit side is counted. */
export const GIFT_CARD_ADD = 'gift_card_add';

/** The ledger's movement into each system account (and the gift-card additions), per day of the window. */
export interface FlowRow {
  day: string;
  bucket: string;
  amount: string;
}

export async function ledgerFlowsByDay(db: Db, w: Window) {
  return rowsOf<FlowRow>(
    await db.execute(sql`
      select to_char((t.created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day,
        case when e.account_id = any(${SYSTEM_IDS}) then e.account_id::text else ${GIFT_CARD_ADD} end as bucket,
        sum(e.amount)::text as amount
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.created_at >= ${w.start} and t.created_at < ${w.end}
        and (e.account_id = any(${SYSTEM_IDS}) or (t.kind = ${GIFT_CARD_ADD} and e.amount > 0))
      group by 1, 2`),
  );
}

/** The same movement after the window: what the end-of-range balances are worked back from. */
export async function ledgerFlowsAfter(db: Db, w: Window) {
  return rowsOf<{ bucket: string; amount: string }>(
    await db.execute(sql`
      select case when e.account_id = any(${SYSTEM_IDS}) then e.account_id::text else ${GIFT_CARD_ADD} end
          as bucket,
        sum(e.amount)::text as amount
      from ledger_transactions t join ledger_entries e on e.transaction_id = t.id
      where t.created_at >= ${w.end}
        and (e.account_id = any(${SYSTEM_IDS}) or (t.kind = ${GIFT_CARD_ADD} and e.amount > 0))
      group by 1`),
  );
}

/**
 * What the programme owes now: the customers' and gift cards' cached balances, and what is on hold (the hold
 * accounts equal the open drafts' and till spends' holds: an invariant every money test checks).
 */
export async function owedNow(db: Db) {
  const [row] = rowsOf<{
    bonus: string;
    money: string;
    gift: string;
    bonus_held: string;
    money_held: string;
  }>(
    await db.execute(sql`
      select
        (select coalesce(sum(balance), 0) from ledger_accounts where kind in ('bonus', 'bonus_pending'))::text
          as bonus,
        (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'money')::text as money,
        (select coalesce(sum(balance), 0) from ledger_accounts where kind = 'gift_card')::text as gift,
        ((select coalesce(sum(spend), 0) from payment_drafts where state in ('processing', 'paid'))
          + (select coalesce(sum(spend), 0) from till_operations where state = 'held'))::text as bonus_held,
        (select coalesce(sum(extra_spend), 0) from payment_drafts where state in ('processing', 'paid'))::text
          as money_held`),
  );
  return {
    bonus: Number(row!.bonus) + Number(row!.bonus_held),
    money: Number(row!.money) + Number(row!.money_held),
    gift: Number(row!.gift),
  };
}

export interface MemberDayRow {
  day: string;
  new_members: number;
  active_members: number;
}

/** New members (first confirmed login) and active ones (at least one operation), per day of the window. */
export async function membersPerDay(db: Db, w: Window) {
  return rowsOf<MemberDayRow>(
    await db.execute(sql`
      with n as (
        select to_char((created_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as c
        from users where created_at >= ${w.start} and created_at < ${w.end} group by 1
      ), a as (
        select to_char((occurred_at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day,
          count(distinct user_id)::int as c
        from operations where occurred_at >= ${w.start} and occurred_at < ${w.end} group by 1
      )
      select coalesce(n.day, a.day) as day, coalesce(n.c, 0) as new_members, coalesce(a.c, 0) as active_members
      from n full join a on a.day = n.day`),
  );
}

export interface PaymentRow {
  day: string;
  point: number;
  count: number;
  total: string;
  bonuses: string;
  money: string;
  card: string;
  sbp: string;
  gift: string;
  till: string;
}

/**
 * Payments per day and retail point, from the payment records (the bank's and the till's money is not in the
 * ledger): completed shop payments (their bonuses and money-like parts, and what the card, SBP or the till
 * took; not gift cards bought on the site, decision 047), till operations on the day they completed less their
 * whole refunds on the refund's day (a count of −1 there: over both days the payment counts as none), gift-card
 * redemptions not refunded. `points`: only these (none: all).
 */
export async function paymentsByDayAndPoint(db: Db, w: Window, points: number[]) {
  const only = onlyPoints(points);
  return rowsOf<PaymentRow>(
    await db.execute(sql`
      with p as (
        select resolved_at as at, retail_point_id as point, 1 as n, pay_sum - coupon_discount as total,
          spend as bonuses,
          extra_spend as money,
          case when pay_type = 'CARD' then left_to_pay else 0 end as card,
          case when pay_type = 'SBP_QR' then left_to_pay else 0 end as sbp,
          0::bigint as gift,
          case when pay_type = 'IN_RETAIL_POINT' then left_to_pay else 0 end as till
        from payment_drafts
        -- A gift card bought on the site is a sale of gift cards (the ledger's gift cards sold), not a payment at
        -- the shop: counted here, its money would show again as revenue and again when the card is spent.
        where state = 'completed' and product_type = 'PAYMENT'
          and resolved_at >= ${w.start} and resolved_at < ${w.end}
        union all
        -- A till operation on the day it completed, whatever became of it later; a whole refund takes it back,
        -- count and figures, on the day of the refund (decision 083), so an ended day's figures never move.
        select completed_at, retail_point_id, 1, sum, spend, 0, card_amount, 0, 0, sum - spend - card_amount
        from till_operations
        where completed_at >= ${w.start} and completed_at < ${w.end}
        union all
        select refunded_at, retail_point_id, -1, -sum, -spend, 0, -card_amount, 0, 0, -(sum - spend - card_amount)
        from till_operations
        where refunded_at >= ${w.start} and refunded_at < ${w.end}
        union all
        select created_at, retail_point_id, 1, amount, 0, 0, 0, 0, amount, 0
        from gift_card_redemptions
        where refunded_at is null and created_at >= ${w.start} and created_at < ${w.end}
      )
      select to_char((at at time zone ${w.timeZone})::date, 'YYYY-MM-DD') as day, point,
        sum(n)::int as count, sum(total)::text as total, sum(bonuses)::text as bonuses,
        sum(money)::text as money, sum(card)::text as card, sum(sbp)::text as sbp, sum(gift)::text as gift,
        sum(till)::text as till
      from p where true ${only}
      group by 1, 2`),
  );
}

/** The titles of the retail points named. */
export async function pointTitles(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const rows = rowsOf<{ id: number; title: string }>(
    await db.execute(
      sql`select id, title from retail_points where id = any(array[${sql.join(
        ids.map((p) => sql`${p}::int`),
        sql`, `,
      )}])`,
    ),
  );
  return new Map(rows.map((r) => [r.id, r.title]));
}
