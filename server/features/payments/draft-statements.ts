import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { prepared } from '#server/db/prepared';
import { operations } from '#server/db/schema/cabinet';
import { paymentDrafts } from '#server/db/schema/payments';

/**
 * The shop payment's hot statements, each built once and named (server/db/prepared.ts, decision 037): what a
 * bonus-only payment sends on every create, process and complete. What they write and answer is what the
 * query builder's versions did; the cold paths (a recomputed draft, a retried key, the bank's answers) keep the
 * builder.
 */

const DRAFT = getTableColumns(paymentDrafts);
const slot = (name: string) => sql.placeholder(name);
/**
 * Placeholders named as the columns they fill, for `.values()` and `.set()`, where drizzle wraps each in its
 * column's encoder (JSON, dates), so a run passes the same values the builder took. Typed as those values: the
 * builder's types accept a placeholder in `.values()` only.
 */
const slots = <V>(keys: readonly string[]) => Object.fromEntries(keys.map((key) => [key, slot(key)])) as V;

/** What createDraft writes into a new shop draft; every other column takes its default. */
const NEW_DRAFT = [
  ...['userId', 'idempotencyKey', 'productType', 'payType', 'retailPointId', 'title', 'additionalInfo'],
  ...['deliveryId', 'spendBonus', 'spendExtra', 'paySum', 'spend', 'extraSpend', 'leftToPay', 'earn'],
  ...['earnRules', 'earnPercent', 'receiptId', 'receiptPlan', 'couponDiscount', 'coupon', 'createdAt'],
  'updatedAt',
] as const;
export type NewDraft = Required<Pick<typeof paymentDrafts.$inferInsert, (typeof NEW_DRAFT)[number]>>;

/** A new draft, or nothing when its idempotency key was used before. */
export const insertDraft = prepared('payments_draft_insert', DRAFT, (db) =>
  db
    .insert(paymentDrafts)
    .values(slots<PgInsertValue<typeof paymentDrafts>>(NEW_DRAFT))
    .onConflictDoNothing({ target: paymentDrafts.idempotencyKey })
    .returning(DRAFT),
);

/** The caller's own draft (`draftId`, `userId`), or nothing. */
export const selectOwnDraft = prepared('payments_draft_own', DRAFT, (db) =>
  db
    .select(DRAFT)
    .from(paymentDrafts)
    .where(and(eq(paymentDrafts.id, slot('draftId')), eq(paymentDrafts.userId, slot('userId')))),
);

/**
 * The draft with the customer's two account ids (null while an account is not created): the hold needs them,
 * so the move answers them and no statement of its own reads them (decision 037). Written out: drizzle leaves
 * the updated table's columns unqualified, and inside the subquery `user_id` would be the account's.
 */
const PROCESSING = {
  ...DRAFT,
  bonusAccount: sql<string | null>`(select a.id from ledger_accounts a
    where a.user_id = payment_drafts.user_id and a.kind = 'bonus')`,
  moneyAccount: sql<string | null>`(select a.id from ledger_accounts a
    where a.user_id = payment_drafts.user_id and a.kind = 'money')`,
};

/** `created` -> `processing` for its owner (`draftId`, `userId`), or nothing when it was not `created`. */
export const moveToProcessing = prepared('payments_draft_process', PROCESSING, (db) =>
  db
    .update(paymentDrafts)
    .set({
      state: 'processing',
      ...slots<PgUpdateSetSource<typeof paymentDrafts>>(['returnUrl', 'email', 'holdExpiresAt', 'updatedAt']),
    })
    .where(
      and(
        eq(paymentDrafts.id, slot('draftId')),
        eq(paymentDrafts.userId, slot('userId')),
        eq(paymentDrafts.state, 'created'),
      ),
    )
    .returning(PROCESSING),
);

/** What the operation of a completed payment records (settle-draft.ts `operationOf`). */
const OPERATION = [
  ...['userId', 'place', 'occurredAt', 'amountEarn', 'earnRules', 'amountSpend', 'amountSpendExtra'],
  ...['amount', 'state', 'type', 'transactionId'],
] as const;
export type NewOperation = Required<Pick<typeof operations.$inferInsert, (typeof OPERATION)[number]>>;

/**
 * `processing` -> `completed` (`draftId`, with `confirmationCode` and `paidAt`, `resolvedAt`, `updatedAt` all
 * `now`), the operation written and linked in the same statement; nothing when the draft was not processing.
 */
export const completeWithOperation = prepared('payments_draft_complete', DRAFT, (db) => {
  const operation = db
    .$with('operation', { id: operations.id })
    .as(
      db
        .insert(operations)
        .values(slots<PgInsertValue<typeof operations>>(OPERATION))
        .returning({ id: operations.id })
        .getSQL(),
    );
  return db
    .with(operation)
    .update(paymentDrafts)
    .set({
      state: 'completed',
      ...slots<PgUpdateSetSource<typeof paymentDrafts>>([
        'confirmationCode',
        'paidAt',
        'resolvedAt',
        'updatedAt',
      ]),
      operationId: sql`(select ${operation.id} from ${operation})`,
    })
    .where(and(eq(paymentDrafts.id, slot('draftId')), eq(paymentDrafts.state, 'processing')))
    .returning(DRAFT);
});
