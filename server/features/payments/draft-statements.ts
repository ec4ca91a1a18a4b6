import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import { prepared } from '../../db/prepared';
import { paymentDrafts } from '../../db/schema/payments';

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
  ...['earnRules', 'earnPercent', 'createdAt', 'updatedAt'],
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
