import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { customerAccounts, postTransaction, transfer } from '#server/core/ledger';
import { kopecks } from '#server/core/money';
import { postingKey } from '../posting-kinds';
import { SYSTEM_ACCOUNTS } from '../system-accounts';
import type { Db } from '../client';
import { inTransaction } from '../in-transaction';
import { users } from '../schema/auth';
import { cards, certificates, operations } from '../schema/cabinet';
import { DEMO_DIR } from './demo-brand';

/**
 * The demo customer of docs/design/product.md. DEMO DATA ONLY: the card number and the member-code secret are
 * fixed and public (the secret is RFC 6238's test key, base32 of "12345678901234567890"), so a demo or an
 * end-to-end test can log in as 79000000001 and predict the QR code. Never use these outside the demo.
 */
export const DEMO_CUSTOMER = {
  phone: '79000000001',
  firstName: 'Анна',
  middleName: 'Сергеевна',
  lastName: 'Иванова',
  email: 'anna@example.ru',
  birthDate: '1990-05-14',
  cardNum: '7770000000000011',
  qrSecret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
} as const;

const DAY_MS = 24 * 60 * 60_000;
const OPERATION_COUNT = 30;
/** What a demo purchase spends at most, kopecks (150 bonuses). */
const SPEND_LIMIT = 15_000;

interface DemoPoint {
  title: string;
  currentBonus: number;
}

interface DemoPurchase {
  place: string;
  occurredAt: Date;
  /** The cheque, kopecks. */
  amount: number;
  spend: number;
  earn: number;
}

/**
 * Thirty purchases over the last three months, the same every time (no randomness): a cheque between
 * 250 and 2 500 roubles, every tenth one paying up to 150 with bonuses (at most half the cheque), earning the
 * point's rate on the money actually paid. The bonus balance ends as earned minus spent.
 */
export function demoPurchases(points: DemoPoint[], now: Date): DemoPurchase[] {
  const purchases: DemoPurchase[] = [];
  let balance = 0;
  for (let i = 0; i < OPERATION_COUNT; i++) {
    const point = points[(i * 5) % points.length] as DemoPoint;
    const amount = (250 + ((i * 773) % 2251)) * 100 + ((i * 37) % 100);
    const wantsToSpend = i % 10 === 9;
    const spend = wantsToSpend
      ? Math.min(Math.floor(balance / 100) * 100, Math.floor(amount / 200) * 100, SPEND_LIMIT)
      : 0;
    const earn = Math.floor(((amount - spend) * point.currentBonus) / 100);
    balance += earn - spend;
    const occurredAt = new Date(now.getTime() - (90 - i * 3) * DAY_MS - ((i * 7919) % 36_000) * 1000);
    purchases.push({ place: point.title, occurredAt, amount, spend, earn });
  }
  return purchases;
}

/**
 * Seeds the demo customer: profile, card, purchases posted through the ledger, one certificate to activate and
 * one activated earlier. Idempotent: a database that has the demo card is left alone.
 */
export async function seedDemoCustomer(db: Db, now = new Date()): Promise<boolean> {
  const [existing] = await db
    .select({ id: cards.id })
    .from(cards)
    .where(eq(cards.cardNum, DEMO_CUSTOMER.cardNum));
  if (existing) return false;
  const points = JSON.parse(readFileSync(join(DEMO_DIR, 'points.json'), 'utf8')) as DemoPoint[];
  await inTransaction(db, async (tx) => {
    const { cardNum, qrSecret, ...profile } = DEMO_CUSTOMER;
    const [user] = await tx
      .insert(users)
      .values({ ...profile, registeredAt: new Date(now.getTime() - 95 * DAY_MS) })
      .onConflictDoUpdate({ target: users.phone, set: profile })
      .returning({ id: users.id });
    if (!user) throw new Error('demo customer not stored');
    const [card] = await tx
      .insert(cards)
      .values({ userId: user.id, cardNum, qrSecret })
      .returning({ id: cards.id });
    await tx.update(users).set({ activeCardId: card?.id }).where(eq(users.id, user.id));

    const accounts = await customerAccounts(tx, user.id);
    const issued = SYSTEM_ACCOUNTS.bonus_issued;
    const spent = SYSTEM_ACCOUNTS.bonus_spent;
    let n = 0;
    for (const purchase of demoPurchases(points, now)) {
      n++;
      const entries = [
        ...(purchase.earn > 0 ? transfer(issued, accounts.bonus, kopecks(purchase.earn)) : []),
        ...(purchase.spend > 0 ? transfer(accounts.bonus, spent, kopecks(purchase.spend)) : []),
      ];
      const posted = await postTransaction(tx, {
        idempotencyKey: postingKey('purchase', n),
        kind: 'purchase',
        entries,
      });
      await tx.insert(operations).values({
        userId: user.id,
        place: purchase.place,
        occurredAt: purchase.occurredAt,
        amountEarn: purchase.earn,
        amountSpend: purchase.spend,
        amount: purchase.amount,
        state: 'PROCESSED',
        type: 'PAYMENT',
        transactionId: posted.transactionId,
      });
    }
    await seedDemoCertificates(tx, user.id, accounts.money, now);
  });
  return true;
}

async function seedDemoCertificates(tx: Db, userId: string, moneyAccount: string, now: Date) {
  const phone = DEMO_CUSTOMER.phone;
  await tx.insert(certificates).values({
    phone,
    title: 'Подарочный сертификат на 1 000 ₽',
    nominal: 100_000,
    validTo: `${now.getUTCFullYear() + 1}-12-31`,
    createdAt: new Date(now.getTime() - 10 * DAY_MS),
  });
  const activatedAt = new Date(now.getTime() - 40 * DAY_MS);
  const title = 'Подарочный сертификат на 500 ₽';
  const [activated] = await tx
    .insert(certificates)
    .values({ phone, title, nominal: 50_000, createdAt: new Date(now.getTime() - 45 * DAY_MS), activatedAt })
    .returning({ id: certificates.id });
  if (!activated) throw new Error('demo certificate not stored');
  const posted = await postTransaction(tx, {
    idempotencyKey: postingKey('certificate_activation', activated.id),
    kind: 'certificate_activation',
    entries: transfer(SYSTEM_ACCOUNTS.certificates_issued, moneyAccount, kopecks(50_000)),
  });
  await tx
    .update(certificates)
    .set({ activationTransactionId: posted.transactionId })
    .where(eq(certificates.id, activated.id));
  await tx.insert(operations).values({
    userId,
    place: `Сертификат «${title}»`,
    occurredAt: activatedAt,
    amount: 50_000,
    state: 'PROCESSED',
    type: 'DEPOSIT',
    transactionId: posted.transactionId,
  });
}
