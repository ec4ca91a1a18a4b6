import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { recordAudit, type AuditActor } from '#server/core/audit';
import type { PromoRow } from '#server/core/coupons/find';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { promoCodes } from '#server/db/schema/coupons';
import { AppError } from '#server/errors';

/**
 * One-use codes in bulk (decision 064): random, 10 characters of an alphabet without look-alikes (no 0/O, 1/I/L),
 * 31^10 ≈ 8·10^14 of them, so a guessed code is as likely as a lottery win; inserted in batches of 5,000 rows
 * with ON CONFLICT DO NOTHING, and a clash (vanishingly rare) is made up by another round.
 */

const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 10;
const BATCH = 5_000;

/** `n` random codes (rejection sampling keeps the letters uniform: 256 is not a multiple of 31). */
export function randomCodes(n: number): string[] {
  const codes: string[] = [];
  const limit = 256 - (256 % ALPHABET.length);
  let pool = randomBytes(n * CODE_LENGTH * 2);
  let at = 0;
  for (let c = 0; c < n; c++) {
    let code = '';
    while (code.length < CODE_LENGTH) {
      if (at >= pool.length) {
        pool = randomBytes(n * CODE_LENGTH);
        at = 0;
      }
      const byte = pool[at++]!;
      if (byte < limit) code += ALPHABET[byte % ALPHABET.length];
    }
    codes.push(code);
  }
  return codes;
}

/** `count` new one-use codes for a UNIQUE promo; answers how many were made and how many it has now. */
export async function generateCodes(
  db: Db,
  promo: PromoRow,
  wanted: number,
  actor: AuditActor,
  now: Date,
): Promise<{ generated: number; codes: number }> {
  if (promo.kind !== 'unique') {
    throw new AppError('PROMO_KIND', 'Одноразовые коды создают только для акции с одноразовыми кодами');
  }
  return inTransaction(db, async (tx) => {
    let made = 0;
    while (made < wanted) {
      const batch = randomCodes(Math.min(BATCH, wanted - made));
      const inserted = await tx
        .insert(promoCodes)
        .values(batch.map((code) => ({ promoId: promo.id, code, createdAt: now })))
        .onConflictDoNothing()
        .returning({ id: promoCodes.id });
      made += inserted.length;
    }
    const [total] = await tx.select({ n: count() }).from(promoCodes).where(eq(promoCodes.promoId, promo.id));
    await recordAudit(tx, actor, {
      action: 'promo.generate',
      entity: 'promo',
      entityId: promo.id,
      after: { generated: made, codes: total!.n },
    });
    return { generated: made, codes: total!.n };
  });
}
