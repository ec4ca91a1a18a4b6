import { sql } from 'drizzle-orm';
import type { TillOperation, TillReturned } from '#common/contract/till';
import { toRoubles } from '#server/core/money';
import type { Db } from '#server/db/client';

/**
 * What came back of receipts' lines so far, in all their returns (decisions 063, 084): the till page offers only
 * the rest and says what was returned. One grouped read of the return lines with the bank's parts, for a visit's
 * operations (`till_return_lines`, `till_card_refunds`) or a site payment (`payment_return_lines`,
 * `payment_card_refunds`).
 */

export type PaymentReturned = TillReturned & { refundedToCard: number; refundedToBalance: number };

interface Row {
  owner: string;
  line: number;
  milli: string;
  earn: string;
  spend: string;
  withheld: string;
  balance: string;
  card: string;
}

/** A line of the return whose bank part is still `refunding`. */
interface PendingRow {
  owner: string;
  key: string;
  line: number;
  milli: string;
}

const SOURCES = {
  till: {
    lines: sql`till_return_lines`,
    owner: sql`till_operation_id`,
    balance: sql`0`,
    parts: sql`till_card_refunds`,
  },
  payment: {
    lines: sql`payment_return_lines`,
    owner: sql`draft_id`,
    balance: sql`balance_back`,
    parts: sql`payment_card_refunds`,
  },
} as const;

const idList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

async function readRows(db: Db, source: keyof typeof SOURCES, ids: readonly string[]): Promise<Row[]> {
  if (ids.length === 0) return [];
  const s = SOURCES[source];
  const list = idList(ids);
  // Per owner and line; the bank's parts summed per owner once (the same on each of its rows).
  const result = await db.execute(sql`
    select r.owner::text as owner, r.line, r.milli, r.earn, r.spend, r.withheld, r.balance,
      coalesce(p.card, 0)::text as card
    from (
      select ${s.owner} as owner, line_no as line, sum(quantity_milli)::text as milli, sum(earn_back)::text as earn,
        sum(spend_back)::text as spend, sum(withheld)::text as withheld, sum(${s.balance})::text as balance
      from ${s.lines} where ${s.owner} in (${list}) group by 1, 2
    ) r
    left join (
      select ${s.owner} as owner, sum(amount) filter (where state = 'refunded') as card
      from ${s.parts} where ${s.owner} in (${list}) group by 1
    ) p on p.owner = r.owner
    order by r.owner, r.line`);
  return (result as unknown as { rows: Row[] }).rows;
}

/** The lines of each owner's return whose bank part waits (at most one per owner: decision 063). */
async function readPending(db: Db, source: keyof typeof SOURCES, ids: readonly string[]) {
  if (ids.length === 0) return [];
  const s = SOURCES[source];
  const result = await db.execute(sql`
    select r.${s.owner}::text as owner, r.return_key as key, r.line_no as line, r.quantity_milli::text as milli
    from ${s.lines} r join ${s.parts} p on p.${s.owner} = r.${s.owner} and p.return_key = r.return_key
    where p.state = 'refunding' and p.${s.owner} in (${idList(ids)})
    order by r.line_no`);
  return (result as unknown as { rows: PendingRow[] }).rows;
}

/** The pending return as the till sent it: its key without the point's prefix (`scopedKey`), its lines. */
function pendingOf(rows: PendingRow[], owner: string): TillReturned['pending'] {
  const mine = rows.filter((r) => r.owner === owner);
  if (mine.length === 0) return null;
  const key = mine[0]!.key;
  return {
    idempotencyKey: key.slice(key.indexOf(':') + 1),
    lines: mine.map((r) => ({ line: r.line, quantity: Number(r.milli) / 1000 })),
  };
}

async function readReturned(db: Db, source: keyof typeof SOURCES, ids: readonly string[]) {
  const [rows, pending] = await Promise.all([readRows(db, source, ids), readPending(db, source, ids)]);
  return fold(rows, pending);
}

function fold(rows: Row[], pending: PendingRow[]): Map<string, PaymentReturned> {
  const byOwner = new Map<string, Row[]>();
  for (const row of rows) byOwner.set(row.owner, [...(byOwner.get(row.owner) ?? []), row]);
  const total = (list: Row[], pick: (r: Row) => string) =>
    toRoubles(list.reduce((s, r) => s + Number(pick(r)), 0));
  return new Map(
    [...byOwner].map(([owner, list]) => [
      owner,
      {
        lines: list.map((r) => ({ line: r.line, quantity: Number(r.milli) / 1000 })),
        bonusesTakenBack: total(list, (r) => r.earn),
        bonusesGivenBack: total(list, (r) => r.spend),
        withheld: total(list, (r) => r.withheld),
        refundedToCard: toRoubles(Number(list[0]!.card)),
        pending: pendingOf(pending, owner),
        refundedToBalance: total(list, (r) => r.balance),
      },
    ]),
  );
}

/** The visit's operations' returns: `refundedToCard` a card payment's only (null for the other kinds). */
export async function tillReturned(
  db: Db,
  operations: ReadonlyArray<{ operationId: string; kind: string }>,
): Promise<Map<string, TillReturned>> {
  const folded = await readReturned(
    db,
    'till',
    operations.map((op) => op.operationId),
  );
  const kinds = new Map(operations.map((op) => [op.operationId, op.kind]));
  return new Map(
    [...folded].map(([id, { refundedToBalance: _balance, ...returned }]) => [
      id,
      { ...returned, refundedToCard: kinds.get(id) === 'CARD' ? returned.refundedToCard : null },
    ]),
  );
}

/** A site payment's returns (the draft's id), or null when nothing came back. */
export async function paymentReturned(db: Db, draftId: string): Promise<PaymentReturned | null> {
  return (await readReturned(db, 'payment', [draftId])).get(draftId) ?? null;
}

/** The visit's operations, each with what came back of it (`returned` absent when nothing did). */
export async function withReturned(db: Db, operations: TillOperation[]): Promise<TillOperation[]> {
  const returned = await tillReturned(db, operations);
  return operations.map((op) => {
    const found = returned.get(op.operationId);
    return found ? { ...op, returned: found } : op;
  });
}
