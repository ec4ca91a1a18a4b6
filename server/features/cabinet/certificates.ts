import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Certificate } from '#common/contract/cabinet';
import type { Clock } from '#server/core/clock';
import type { Db } from '#server/db/client';
import { inTransaction } from '#server/db/in-transaction';
import { certificates, operations } from '#server/db/schema/cabinet';
import { AppError } from '#server/errors';
import { toRoubles } from '#server/core/money';
import { customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '#server/db/posting-kinds';
import { SYSTEM_ACCOUNTS } from '#server/db/system-accounts';
import { calendarDay } from '#common/lib/format';
import { readBrandSettings } from '#server/core/brand-settings';

export const CERTIFICATE_NOT_FOUND = 'Сертификат не найден';
export const CERTIFICATE_EXPIRED = 'Срок действия сертификата истёк';

type CertificateRow = typeof certificates.$inferSelect;

const toCertificate = (row: CertificateRow): Certificate => ({
  _id: row.id,
  title: row.title,
  nominal: toRoubles(row.nominal),
  activated: row.activatedAt !== null,
  activatedAt: row.activatedAt?.toISOString() ?? null,
  validTo: row.validTo,
});

/** The certificates issued to a phone, newest first. */
export async function listCertificates(db: Db, phone: string): Promise<Certificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.phone, phone))
    .orderBy(desc(certificates.createdAt), desc(certificates.id));
  return rows.map(toCertificate);
}

/**
 * Activates the given certificates of the customer's phone and answers all of that phone's certificates. The
 * whole request is checked first (every id the phone's, none expired) inside one transaction holding the
 * rows' locks, so a refused request changes nothing. Each certificate credits its nominal to the 'money'
 * account once: the conditional update on `activated_at` lets one of parallel calls win, and the ledger key
 * `certificate:<id>` makes even a replayed posting a no-op. Already activated ones are left as they are.
 */
export async function activateCertificates(
  deps: { db: Db; clock: Clock },
  customer: { userId: string; phone: string },
  ids: string[],
): Promise<Certificate[]> {
  const wanted = [...new Set(ids)];
  const { timeZone } = await readBrandSettings(deps.db);
  await inTransaction(deps.db, async (tx) => {
    const rows = await tx
      .select()
      .from(certificates)
      .where(and(inArray(certificates.id, wanted), eq(certificates.phone, customer.phone)))
      .for('update');
    if (rows.length !== wanted.length) throw new AppError('NOT_FOUND', CERTIFICATE_NOT_FOUND);
    const now = deps.clock.now();
    const pending = rows.filter((row) => row.activatedAt === null);
    // A certificate is valid to the end of its day where the programme runs.
    const today = calendarDay(now, timeZone);
    if (pending.some((row) => row.validTo !== null && row.validTo < today)) {
      throw new AppError('CERTIFICATE_EXPIRED', CERTIFICATE_EXPIRED);
    }
    if (pending.length === 0) return;
    const accounts = await customerAccounts(tx, customer.userId);
    const issued = SYSTEM_ACCOUNTS.certificates_issued;
    for (const certificate of pending) {
      const [claimed] = await tx
        .update(certificates)
        .set({ activatedAt: now })
        .where(and(eq(certificates.id, certificate.id), isNull(certificates.activatedAt)))
        .returning({ id: certificates.id });
      if (!claimed) continue;
      const posted = await postTransaction(tx, {
        idempotencyKey: postingKey('certificate_activation', certificate.id),
        kind: 'certificate_activation',
        entries: transfer(issued, accounts.money, kopecks(certificate.nominal)),
      });
      await tx
        .update(certificates)
        .set({ activationTransactionId: posted.transactionId })
        .where(eq(certificates.id, certificate.id));
      if (!posted.created) continue;
      await tx.insert(operations).values({
        userId: customer.userId,
        place: `Сертификат «${certificate.title}»`,
        occurredAt: now,
        amount: certificate.nominal,
        state: 'PROCESSED',
        type: 'DEPOSIT',
        transactionId: posted.transactionId,
      });
    }
  });
  return listCertificates(deps.db, customer.phone);
}
