// Helpers for the gift-card tests: a company's details that pass every rule (inn, kpp, bic, accounts), and a
// real paid card.
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { giftCardInvoices, giftCards } from '../db/schema/gift-cards';
import type { TestApp } from './test-app';
import { callAs } from './cabinet-kit';

export const COMPANY = {
  companyName: 'ООО «Ромашка»',
  inn: '7701234567',
  kpp: '770101001',
  bic: '044525225',
  bankName: 'ПАО Сбербанк',
  payment: '40702810938000012345',
  corr: '30101810400000000225',
  phone: '79005550399',
  email: 'buh@romashka.example',
};

/**
 * One card of `nominal` roubles for `recipient`, bought by a company and marked paid by the operator (the
 * shortest way to a real card). The app needs `operatorToken` in its config.
 */
export async function paidGiftCard(
  t: TestApp,
  operatorToken: string,
  recipient: string,
  nominal = 1000,
  buyer = '79005550501',
): Promise<{ code: string; publicId: string }> {
  const invoice = await callAs(t, buyer, 'POST', '/api/gc/juridical', {
    ...COMPANY,
    balance: String(nominal),
    recipients: [{ phone: recipient, name: 'Анна' }],
    congratulation: 'С праздником!',
    imageId: 'gift-1.webp',
  });
  expect(invoice.statusCode, invoice.body).toBe(200);
  const paid = await t.app.inject({
    method: 'POST',
    url: `/api/operator/gift-card-invoices/${invoice.json().data.number}/paid`,
    headers: { authorization: `Bearer ${operatorToken}` },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  const [invoiceRow] = await t.deps.db
    .select({ orderId: giftCardInvoices.orderId })
    .from(giftCardInvoices)
    .where(eq(giftCardInvoices.number, invoice.json().data.number));
  const [card] = await t.deps.db.select().from(giftCards).where(eq(giftCards.orderId, invoiceRow!.orderId));
  return { code: card!.code, publicId: card!.publicId };
}
