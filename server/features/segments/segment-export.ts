import { sql } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '#server/core/audit';
import { toRoubles } from '#server/core/money';
import { maskedPhone, seesWholePhones } from '#server/core/phones-shown';
import {
  countSegment,
  roomForSegments,
  segmentMemberIdsQuery,
  type SegmentContext,
} from '#server/core/segments/segment-query';
import { checkSegmentReferences } from '#server/core/segments/segment-references';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { AppError } from '#server/errors';
import { csvMoney, csvText } from '#server/lib/csv';
import { findSegment } from './saved-segments';

/** The most members one file holds: a larger list is not a console download (narrow the segment). */
export const MAX_EXPORT_ROWS = 100_000;

interface ExportRow {
  card_num: string | null;
  phone: string;
  last_name: string;
  first_name: string;
  middle_name: string;
  balance: string | null;
}

const fullName = (r: ExportRow) => [r.last_name, r.first_name, r.middle_name].filter(Boolean).join(' ');

/**
 * A segment's members as CSV for Excel in Russia (';', UTF-8 with a byte-order mark, decision 028): the active
 * card's number, the phone as the caller's role sees it in the console (decision 047: whole for the owner and
 * the token, masked for the marketer), the name and the bonus balance. Nothing more (decision 075, 152-FZ:
 * what the purpose needs). Every export is audited, with the segment and how many rows left.
 */
export async function exportSegment(db: Db, id: string, actor: AuditActor, ctx: SegmentContext) {
  const segment = await findSegment(db, id);
  await checkSegmentReferences(db, segment.definition, ctx);
  const total = await countSegment(db, segment.definition, ctx);
  if (total > MAX_EXPORT_ROWS) {
    throw new AppError(
      'SEGMENT_TOO_LARGE',
      `В сегменте ${total} участников: в файл выгружается не больше ${MAX_EXPORT_ROWS}, сузьте условия`,
    );
  }
  const whole = seesWholePhones(actor.caller.kind === 'public' ? undefined : actor.caller, 'members');
  // Its own transaction, with the memory a segment's query needs at scale (decision 082).
  const result = await inTransaction(db, async (tx) => {
    await roomForSegments(tx);
    return tx.execute(sql`
    select c.card_num, u.phone, u.last_name, u.first_name, u.middle_name, a.balance::text as balance
    from users u
    left join cards c on c.id = u.active_card_id
    left join ledger_accounts a on a.user_id = u.id and a.kind = 'bonus'
    where u.id in (${segmentMemberIdsQuery(segment.definition, ctx)})
    order by u.registered_at, u.id`);
  });
  const rows = (result as unknown as { rows: ExportRow[] }).rows;
  const lines = ['Номер карты;Телефон;Имя;Баланс бонусов'];
  for (const r of rows) {
    const phone = whole ? `+${r.phone}` : maskedPhone(r.phone);
    lines.push(
      [r.card_num ?? '', phone, csvText(fullName(r)), csvMoney(toRoubles(Number(r.balance ?? 0)))].join(';'),
    );
  }
  await inTransaction(db, (tx) =>
    recordAudit(
      tx,
      actor,
      {
        action: 'segment.export',
        entity: 'segment',
        entityId: id,
        after: {
          name: segment.name,
          definition: segment.definition,
          rows: rows.length,
          phones: whole ? 'whole' : 'masked',
        },
      },
      ctx.now,
    ),
  );
  const day = ctx.now.toISOString().slice(0, 10);
  return { fileName: `segment-${day}.csv`, rows: rows.length, csv: `\uFEFF${lines.join('\r\n')}\r\n` };
}
