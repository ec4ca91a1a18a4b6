import { couponUseOf, couponUseOfDraft } from '#server/core/coupons/holds';
import { sql, type SQL } from 'drizzle-orm';
import {
  RECEIPTS_PAGE_SIZE,
  type Receipt,
  type ReceiptLine,
  type ReceiptList,
  type ReceiptListQuery,
  type ReceiptOperation,
} from '#common/contract/receipts';
import type { AppDeps } from '#server/app-deps';
import { readBrandSettings } from '#server/core/brand-settings';
import { notFound } from '#server/errors';

/** A raw query's rows (the same one-liner as the reports'; a feature does not import another). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * Any receipt in the console (docs/decisions/066): the till's operations and the site's shop payments (decision
 * 069), found by point, day, the till's receipt number or the member, and one with its lines as `receipt-rows.ts`
 * stored them.
 */

type Db = AppDeps['db'];
type OperationRow = Omit<ReceiptOperation, 'at' | 'sum' | 'spent' | 'earned' | 'pointTitle'> & {
  at: Date | string;
  sum: string | number;
  spent: string | number;
  earned: string | number;
  pointTitle: string | null;
  source: 'till' | 'payment';
  total: number;
};

/** A phone as the users table keeps it (7XXXXXXXXXX), or a card's 16 digits; null: neither. */
export function memberKey(input: string): { phone: string } | { card: string } | null {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 16) return { card: digits };
  if (digits.length === 11 && /^[78]/.test(digits)) return { phone: `7${digits.slice(1)}` };
  if (digits.length === 10) return { phone: `7${digits}` };
  return null;
}

function filtersOf(query: ReceiptListQuery, timeZone: string): SQL[] {
  const where: SQL[] = [];
  const day = sql`(o.at at time zone ${timeZone})::date`;
  if (query.from) where.push(sql`${day} >= ${query.from}::date`);
  if (query.to) where.push(sql`${day} <= ${query.to}::date`);
  if (query.point) where.push(sql`o.retail_point_id = ${Number(query.point)}`);
  if (query.receipt) {
    // The key is `<point>:<the till's key>`: the till's own number finds it, and so does the whole key.
    where.push(
      sql`(o.receipt_key = ${query.receipt} or substr(o.receipt_key, strpos(o.receipt_key, ':') + 1) = ${query.receipt})`,
    );
  }
  if (query.member) {
    const key = memberKey(query.member);
    if (!key) where.push(sql`false`);
    else if ('card' in key)
      where.push(sql`o.user_id in (select c.user_id from cards c where c.card_num = ${key.card})`);
    else where.push(sql`u.phone = ${key.phone}`);
  }
  return where;
}

/**
 * The till's operations and the site's completed shop payments (decision 069: the receipt a till registered for
 * the payment names it; a sum-only payment has no number), under one set of column names.
 */
const receiptsUnion = sql`
  select o.id, o.idempotency_key as receipt_key, o.kind, o.state, o.sum, o.spend, o.earn, o.retail_point_id,
    o.created_at as at, o.user_id, 'till' as source
  from till_operations o
  union all
  select d.id, pr.idempotency_key, 'site', d.state, d.pay_sum - d.coupon_discount, d.spend, d.earn, d.retail_point_id,
    d.resolved_at, d.user_id, 'payment'
  from payment_drafts d
  left join payment_receipts pr on pr.id = d.receipt_id
  where d.state = 'completed' and d.product_type = 'PAYMENT'`;

const selectOperations = (where: SQL[]) => sql`
  select o.id, coalesce(substr(o.receipt_key, strpos(o.receipt_key, ':') + 1), '') as receipt, o.kind, o.state,
    o.sum, o.spend as spent, o.earn as earned, o.retail_point_id as "retailPointId", p.title as "pointTitle",
    o.at, o.user_id as "userId", u.phone, o.source,
    (select count(*)::int from receipt_lines l where l.source = o.source and l.operation_id = o.id) as lines
  from (${receiptsUnion}) o
  join users u on u.id = o.user_id
  left join retail_points p on p.id = o.retail_point_id
  ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}`;

function operationOf(row: OperationRow, phone: (phone: string) => string): ReceiptOperation {
  return {
    id: row.id,
    receipt: row.receipt,
    kind: row.kind,
    state: row.state,
    sum: Number(row.sum),
    spent: Number(row.spent),
    earned: Number(row.earned),
    retailPointId: row.retailPointId,
    pointTitle: row.pointTitle ?? `Точка ${row.retailPointId}`,
    at: new Date(row.at).toISOString(),
    userId: row.userId,
    phone: phone(row.phone),
    lines: row.lines,
  };
}

export async function listReceipts(
  db: Db,
  query: ReceiptListQuery,
  phone: (phone: string) => string,
): Promise<ReceiptList> {
  const { timeZone } = await readBrandSettings(db);
  const page = Number(query.page ?? 1);
  const rows = rowsOf<OperationRow>(
    await db.execute(sql`${selectOperations(filtersOf(query, timeZone))}
      order by o.at desc, o.id desc
      limit ${RECEIPTS_PAGE_SIZE + 1} offset ${(page - 1) * RECEIPTS_PAGE_SIZE}`),
  );
  return {
    timeZone,
    page,
    hasMore: rows.length > RECEIPTS_PAGE_SIZE,
    receipts: rows.slice(0, RECEIPTS_PAGE_SIZE).map((row) => operationOf(row, phone)),
  };
}

/** The line's figures, which the drivers answer as text (bigint) or numbers. */
type NumberField =
  | 'quantityMilli'
  | 'price'
  | 'sum'
  | 'discount'
  | 'maxSpend'
  | 'spent'
  | 'earned'
  | 'returnedMilli'
  | 'earnTakenBack'
  | 'spendGivenBack';

type LineRow = Omit<ReceiptLine, NumberField> & Record<NumberField, string | number>;

/** What came back of a till operation's lines (decision 063), or of a site payment's (decision 084). */
const returnsOf = (operationId: string, source: 'till' | 'payment') =>
  source === 'till'
    ? sql`(select * from till_return_lines where till_operation_id = ${operationId}) returned`
    : sql`(select * from payment_return_lines where draft_id = ${operationId}) returned`;

/** The lines of one till operation or site payment, each with its category and that category's top-level ancestor. */
async function linesOf(db: Db, operationId: string, source: 'till' | 'payment'): Promise<ReceiptLine[]> {
  const rows = rowsOf<LineRow>(
    await db.execute(sql`
      with recursive up as (
        select c.id as leaf, c.id, c.parent_id, 0 as depth from catalogue_categories c
        where c.id in (select category_id from receipt_lines where source = ${source} and operation_id = ${operationId})
        union all
        select up.leaf, c.id, c.parent_id, up.depth + 1 from up join catalogue_categories c on c.id = up.parent_id
        where up.depth < 20
      ),
      top as (select distinct on (leaf) leaf, id from up order by leaf, depth desc)
      select l.line_no as "lineNo", l.name, l.sku, l.barcode, l.category_id as "categoryId",
        leaf.name as category, tc.name as "topCategory", l.legal_group as "legalGroup",
        l.quantity_milli as "quantityMilli", l.price, l.sum, l.discount, l.max_spend as "maxSpend",
        l.spend as spent, l.earn as earned,
        coalesce(r.quantity_milli, 0) as "returnedMilli", coalesce(r.earn_back, 0) as "earnTakenBack",
        coalesce(r.spend_back, 0) as "spendGivenBack"
      from receipt_lines l
      left join (select line_no, sum(quantity_milli) as quantity_milli, sum(earn_back) as earn_back,
          sum(spend_back) as spend_back
        from ${returnsOf(operationId, source)} group by line_no) r
        on r.line_no = l.line_no
      left join catalogue_categories leaf on leaf.id = l.category_id
      left join top on top.leaf = l.category_id
      left join catalogue_categories tc on tc.id = top.id
      where l.source = ${source} and l.operation_id = ${operationId}
      order by l.line_no`),
  );
  return rows.map((r) => ({
    ...r,
    quantityMilli: Number(r.quantityMilli),
    price: Number(r.price),
    sum: Number(r.sum),
    discount: Number(r.discount),
    maxSpend: Number(r.maxSpend),
    spent: Number(r.spent),
    earned: Number(r.earned),
    returnedMilli: Number(r.returnedMilli),
    earnTakenBack: Number(r.earnTakenBack),
    spendGivenBack: Number(r.spendGivenBack),
  }));
}

export async function showReceipt(db: Db, id: string, phone: (phone: string) => string): Promise<Receipt> {
  const { timeZone } = await readBrandSettings(db);
  const [row] = rowsOf<OperationRow>(await db.execute(selectOperations([sql`o.id = ${id}`])));
  if (!row) throw notFound('Такого чека нет');
  // A site payment's code is held by its draft (decision 071), a till's by its operation (decision 064).
  const used = row.source === 'payment' ? couponUseOfDraft(db, id) : couponUseOf(db, id);
  const [lines, use] = await Promise.all([linesOf(db, id, row.source), used]);
  const coupon = use && {
    code: use.code,
    promo: use.title,
    discount: Number(use.use.discount),
    bonuses: Number(use.use.bonuses),
  };
  return { timeZone, operation: operationOf(row, phone), lines, coupon };
}
