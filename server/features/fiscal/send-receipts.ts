import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '#server/app-deps';
import type { FiscalDocument } from '#server/core/fiscal/fiscal-document';
import { emitEvent } from '#server/core/events/emit';
import { inTransaction } from '#server/db/in-transaction';
import { fiscalReceipts } from '#server/db/schema/fiscal';
import { FiscalRefusal, type FiscalAttributes } from '#server/integrations/fiscal/fiscal-provider';

export type FiscalJobDeps = Pick<AppDeps, 'db' | 'clock' | 'fiscal'>;

/**
 * How the fiscal job works (decision 070): a claimed row is its run's for `leaseMs` (a run that died leaves it
 * to the next after that); a passing failure waits `firstDelayMs` doubled per attempt up to `maxDelayMs`, and a
 * receipt still not issued `giveUpMs` after it was queued is failed for the operator to see and retry.
 */
export const FISCAL_JOB = {
  leaseMs: 10 * 60_000,
  batch: 25,
  firstDelayMs: 10_000,
  maxDelayMs: 3600_000,
  giveUpMs: 7 * 24 * 3600_000,
} as const;

/** The wait before attempt `attempts + 1`: 10 s, 20 s, 40 s … at most an hour. */
export const backoffMs = (attempts: number) =>
  Math.min(FISCAL_JOB.maxDelayMs, FISCAL_JOB.firstDelayMs * 2 ** Math.min(30, Math.max(0, attempts - 1)));

interface Claimed {
  id: string;
  external_id: string;
  status: 'queued' | 'sent';
  document: FiscalDocument | string;
  provider_uuid: string | null;
  attempts: number;
  created_at: string | Date;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * One run: claims the due receipts no one holds (`FOR UPDATE SKIP LOCKED` and a lease in `claimed_at`, so two
 * instances never take the same row), sends a queued one and polls a sent one, each result written only while
 * the claim is still this run's. Answers how many receipts were issued (done) in this run.
 */
export async function sendDueReceipts(
  deps: FiscalJobDeps,
  options: { batch?: number } = {},
): Promise<number> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const leaseStart = new Date(now.getTime() - FISCAL_JOB.leaseMs).toISOString();
  const claimed = rowsOf<Claimed>(
    await deps.db.execute(sql`
      update fiscal_receipts r
      set claimed_at = ${nowIso}::timestamptz, attempts = r.attempts + 1
      where r.id in (
        select id from fiscal_receipts
        where status in ('queued', 'sent')
          and next_attempt_at <= ${nowIso}::timestamptz
          and (claimed_at is null or claimed_at < ${leaseStart}::timestamptz)
        order by next_attempt_at
        limit ${options.batch ?? FISCAL_JOB.batch}
        for update skip locked
      )
      returning r.id, r.external_id, r.status, r.document, r.provider_uuid, r.attempts, r.created_at`),
  );
  let issued = 0;
  for (const row of claimed) {
    if (await advance(deps, row, now)) issued += 1;
  }
  return issued;
}

/** Moves one claimed receipt as far as the provider lets it: sent, then done; answers whether it is done. */
async function advance(deps: FiscalJobDeps, row: Claimed, claim: Date): Promise<boolean> {
  const mine = and(eq(fiscalReceipts.id, row.id), eq(fiscalReceipts.claimedAt, claim));
  const update = (values: Partial<typeof fiscalReceipts.$inferInsert>) =>
    deps.db
      .update(fiscalReceipts)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(mine);
  let uuid = row.provider_uuid;
  try {
    if (row.status === 'queued' || !uuid) {
      const document =
        typeof row.document === 'string' ? (JSON.parse(row.document) as FiscalDocument) : row.document;
      ({ uuid } = await deps.fiscal.send(row.external_id, document, deps.clock.now()));
      // Recorded before the poll: a crash from here on polls this uuid; a crash before re-sends the same id.
      await update({
        status: 'sent',
        providerUuid: uuid,
        provider: deps.fiscal.name,
        attempts: 0,
        lastError: null,
      });
      row.attempts = 0;
    }
    const report = await deps.fiscal.report(uuid);
    if (report.state === 'done') {
      await recordDone(deps, row, claim, report.fiscal);
      return true;
    }
    if (report.state === 'fail') {
      await update({ status: 'failed', lastError: report.reason.slice(0, 500), claimedAt: null });
      return false;
    }
    await update({ nextAttemptAt: later(deps, row.attempts + 1), claimedAt: null });
  } catch (error) {
    if (error instanceof FiscalRefusal) {
      await update({ status: 'failed', lastError: errorText(error), claimedAt: null });
      return false;
    }
    const age = deps.clock.now().getTime() - new Date(row.created_at).getTime();
    await update({
      lastError: errorText(error),
      claimedAt: null,
      ...(age > FISCAL_JOB.giveUpMs
        ? { status: 'failed' as const }
        : { nextAttemptAt: later(deps, row.attempts) }),
    });
  }
  return false;
}

/**
 * The receipt issued: its fiscal attributes recorded and, in the same transaction, the `receipt.fiscalised` event
 * for the chain's systems (decision 073), once: only the run that still holds the claim moves it.
 */
async function recordDone(deps: FiscalJobDeps, row: Claimed, claim: Date, fiscal: FiscalAttributes) {
  const now = deps.clock.now();
  await inTransaction(deps.db, async (tx) => {
    const [moved] = await tx
      .update(fiscalReceipts)
      .set({ status: 'done', ...attributes(fiscal), doneAt: now, claimedAt: null, updatedAt: now })
      .where(and(eq(fiscalReceipts.id, row.id), eq(fiscalReceipts.claimedAt, claim)))
      .returning();
    if (!moved) return;
    await emitEvent(deps.db, tx, {
      type: 'receipt.fiscalised',
      memberId: null,
      payload: {
        receiptId: moved.id,
        externalId: moved.externalId,
        kind: moved.kind,
        sourceType: moved.sourceType,
        sourceId: moved.sourceId,
        total: moved.total,
        fiscalSign: fiscal.fiscalDocumentAttribute,
        fiscalDocumentNumber: fiscal.fiscalDocumentNumber,
        fnNumber: fiscal.fnNumber,
        at: now.toISOString(),
      },
      at: now,
    });
  });
}

const later = (deps: FiscalJobDeps, attempts: number) =>
  new Date(deps.clock.now().getTime() + backoffMs(attempts));

const attributes = (fiscal: FiscalAttributes) => ({
  fnNumber: fiscal.fnNumber,
  fiscalDocumentNumber: fiscal.fiscalDocumentNumber,
  fiscalDocumentAttribute: fiscal.fiscalDocumentAttribute,
  fiscalReceiptNumber: fiscal.fiscalReceiptNumber,
  receiptAt: fiscal.receiptAt,
  ofdReceiptUrl: fiscal.ofdReceiptUrl,
  lastError: null,
});
