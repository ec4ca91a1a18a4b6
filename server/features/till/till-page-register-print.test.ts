// Decision 086 on the reference till page: what the shop's register prints of a receipt paid on the site.
import { describe, expect, it } from 'vitest';
import type { TillPaymentReceiptView } from '#common/contract/till-payment-returns';
import { BAKERY_GATEWAY_FISCAL } from '#server/test/payment-return-kit';
import { registerPrintSection } from './till-page-register-print';

const NBSP = '\u00a0';
const paid: TillPaymentReceiptView = {
  receiptId: '6e0c4a8b-2f17-4d53-9a6e-1b3c5d7f9e20',
  sum: 500,
  state: 'PAID',
  expiresAt: '2026-11-30T09:30:00.000Z',
  paidBy: 'CARD',
  bonuses: 0,
  balance: 100.02,
  bank: 399.98,
  fiscal: null,
  lines: null,
};

describe('the register’s receipt on the till page (decision 086)', () => {
  it('the gateway mode: the bank states the card money, the register the balance’s part as the advance’s offset', () => {
    const html = registerPrintSection({
      ...paid,
      fiscal: BAKERY_GATEWAY_FISCAL,
    });
    expect(html).toContain(`Чек на 399,98${NBSP}₽, оплаченные картой или СБП, выдал банк.`);
    expect(html).toContain(`<td>Хлеб × 3</td><td class="num">60,01${NBSP}₽</td>`);
    expect(html).toContain(`Оплата: предоплатой (зачёт аванса) 100,02${NBSP}₽; итого 100,02${NBSP}₽.`);
    expect(html).not.toContain('безналичными');
  });

  it('the cloud mode prints nothing at the till; an unpaid receipt shows nothing', () => {
    const cloud = registerPrintSection({
      ...paid,
      fiscal: { mode: 'cloud', issuedBySite: 500, register: null },
    });
    expect(cloud).toContain('Чек на всю оплату выдал сайт (облачная касса): печатать на кассе не нужно.');
    expect(cloud).not.toContain('Напечатайте');
    expect(registerPrintSection({ ...paid, state: 'AWAITING', fiscal: null })).toBe('');
  });
});
