import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { SegmentDefinition } from '#common/contract/segment-definition';
import type { SegmentInfo, SegmentName } from '#common/contract/segments';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { countSegment, type SegmentContext } from '#server/core/segments/segment-query';
import { checkSegmentReferences } from '#server/core/segments/segment-references';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { segments } from '#server/db/schema/segments';
import { AppError, notFound } from '#server/errors';

type SegmentRow = typeof segments.$inferSelect;

/** Who saved it, as the audit log names them: the staff member's e-mail, or 'system'. */
export const actorName = (actor: AuditActor) =>
  actor.caller.kind === 'staff' ? actor.caller.email : 'system';

const NOT_FOUND = 'Сегмент не найден';
const nameTaken = () => new AppError('SEGMENT_NAME_TAKEN', 'Сегмент с таким названием уже есть');

/** A segment as the API shows it, with its count now (or why it cannot be counted any more). */
async function segmentView(db: Db, row: SegmentRow, ctx: SegmentContext): Promise<SegmentInfo> {
  let count: number | null = null;
  let problem: string | null = null;
  try {
    await checkSegmentReferences(db, row.definition, ctx);
    count = await countSegment(db, row.definition, ctx);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    problem = error.message;
  }
  return {
    id: row.id,
    name: row.name,
    definition: row.definition,
    count,
    problem,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const audited = (row: SegmentRow) => ({ name: row.name, definition: row.definition });

/** Every saved segment by name, each counted now. */
export async function listSegments(db: Db, ctx: SegmentContext): Promise<SegmentInfo[]> {
  const rows = await db
    .select()
    .from(segments)
    .orderBy(asc(sql`lower(${segments.name})`));
  const views: SegmentInfo[] = [];
  for (const row of rows) views.push(await segmentView(db, row, ctx));
  return views;
}

/**
 * Every saved segment by name with whether it still evaluates, none counted (decision 082): a picker needs the
 * names, and counting every segment on each read costs a count per segment.
 */
export async function listSegmentNames(db: Db, ctx: SegmentContext): Promise<SegmentName[]> {
  const rows = await db
    .select({ id: segments.id, name: segments.name, definition: segments.definition })
    .from(segments)
    .orderBy(asc(sql`lower(${segments.name})`));
  const names: SegmentName[] = [];
  for (const row of rows) {
    let problem: string | null = null;
    try {
      await checkSegmentReferences(db, row.definition, ctx);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      problem = error.message;
    }
    names.push({ id: row.id, name: row.name, problem });
  }
  return names;
}

/** One saved segment, or a 404. */
export async function findSegment(db: Db, id: string): Promise<SegmentRow> {
  const [row] = await db.select().from(segments).where(eq(segments.id, id));
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

async function refuseTakenName(tx: Db, name: string, exceptId: string | null) {
  const [taken] = await tx
    .select({ id: segments.id })
    .from(segments)
    .where(
      and(sql`lower(${segments.name}) = lower(${name})`, exceptId ? ne(segments.id, exceptId) : undefined),
    );
  if (taken) throw nameTaken();
}

/** Saves a new segment (its references checked first: a refused one writes nothing); audited. */
export async function createSegment(
  db: Db,
  body: { name: string; definition: SegmentDefinition },
  actor: AuditActor,
  ctx: SegmentContext,
): Promise<SegmentInfo> {
  await checkSegmentReferences(db, body.definition, ctx);
  const row = await inTransaction(db, async (tx) => {
    await refuseTakenName(tx, body.name, null);
    const by = actorName(actor);
    const [created] = await tx
      .insert(segments)
      .values({ ...body, createdBy: by, createdAt: ctx.now, updatedBy: by, updatedAt: ctx.now })
      .onConflictDoNothing()
      .returning();
    if (!created) throw nameTaken();
    const change = {
      action: 'segment.create',
      entity: 'segment',
      entityId: created.id,
      after: audited(created),
    };
    await recordAudit(tx, actor, change, ctx.now);
    return created;
  });
  return segmentView(db, row, ctx);
}

/** Renames a segment or changes its definition; audited with before and after. */
export async function updateSegment(
  db: Db,
  id: string,
  body: { name?: string; definition?: SegmentDefinition },
  actor: AuditActor,
  ctx: SegmentContext,
): Promise<SegmentInfo> {
  if (body.definition) await checkSegmentReferences(db, body.definition, ctx);
  const row = await inTransaction(db, async (tx) => {
    const [before] = await tx.select().from(segments).where(eq(segments.id, id)).for('update');
    if (!before) throw notFound(NOT_FOUND);
    if (body.name !== undefined) await refuseTakenName(tx, body.name, id);
    const [after] = await tx
      .update(segments)
      .set({ ...body, updatedBy: actorName(actor), updatedAt: ctx.now })
      .where(eq(segments.id, id))
      .returning();
    const change = {
      action: 'segment.update',
      entity: 'segment',
      entityId: id,
      before: audited(before),
      after: audited(after!),
    };
    await recordAudit(tx, actor, change, ctx.now);
    return after!;
  });
  return segmentView(db, row, ctx);
}

/** Deletes a saved segment; audited with what it was. */
export async function deleteSegment(db: Db, id: string, actor: AuditActor, now: Date) {
  await inTransaction(db, async (tx) => {
    const [deleted] = await tx.delete(segments).where(eq(segments.id, id)).returning();
    if (!deleted) throw notFound(NOT_FOUND);
    await recordAudit(
      tx,
      actor,
      { action: 'segment.delete', entity: 'segment', entityId: id, before: audited(deleted) },
      now,
    );
  });
  return { deleted: true as const };
}
