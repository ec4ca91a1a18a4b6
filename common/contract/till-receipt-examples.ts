import type { Examples } from './examples';
import type { ReceiptItem, ReceiptLineFigures } from './receipt';
import type { TillOperation } from './till';
import type { TillPaymentReceipt, TillPreview } from './till-receipt';
import type { TillReturn, TillReturnItem } from './till-returns';

/**
 * The receipt examples of the till API (issue 29) for /api/docs/ui: the demo brand's catalogue
 * (server/db/seed/demo-catalogue.ts), a point earning
 * 3% and a limit of 50% per line; cigarettes are in the TOBACCO group, so they neither take nor earn bonuses.
 */

const VISIT_ID = '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c10';

export const RECEIPT_ITEMS: ReceiptItem[] = [
  { sku: '10003', name: 'Багет французский', quantity: 1, price: 89.9, sum: 89.9, discount: 0 },
  { barcode: '4607019002108', name: 'Капучино, 300 мл', quantity: 2, price: 220, sum: 440, discount: 0 },
  { sku: '40005', name: 'Сыр «Российский», весовой', quantity: 0.347, price: 899, sum: 311.95, discount: 0 },
  { sku: '50001', name: 'Сигареты «Ява Золотая»', quantity: 1, price: 215, sum: 215, discount: 0 },
];

/** A line's figures, in the order the schema sends them (the API docs' test compares the JSON exactly). */
const line = (
  n: number,
  figures: Pick<ReceiptLineFigures, 'maxBonuses' | 'bonuses' | 'earned'>,
): ReceiptLineFigures => {
  const item = RECEIPT_ITEMS[n - 1]!;
  return {
    line: n,
    sku: item.sku ?? null,
    name: item.name,
    quantity: item.quantity,
    sum: item.sum,
    maxBonuses: figures.maxBonuses,
    bonuses: figures.bonuses,
    net: Math.round((item.sum - figures.bonuses) * 100) / 100,
    earned: figures.earned,
    legalGroup: item.sku === '50001' ? 'TOBACCO' : null,
  };
};

const withBonuses: TillPreview = {
  sum: 1056.85,
  maxBonuses: 420.92,
  bonuses: 300,
  earned: 16.25,
  earnRules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'CHAIN' }],
  earnRate: 3,
  lines: [
    line(1, { maxBonuses: 44.95, bonuses: 32.04, earned: 1.74 }),
    line(2, { maxBonuses: 220, bonuses: 156.8, earned: 8.49 }),
    line(3, { maxBonuses: 155.97, bonuses: 111.16, earned: 6.02 }),
    line(4, { maxBonuses: 0, bonuses: 0, earned: 0 }),
  ],
};

export const tillPreviewExamples = {
  body: {
    receiptWithBonuses: {
      summary:
        'A receipt of 4 lines (one by weight, one found by barcode, cigarettes) and 300 bonuses to spend',
      value: { visitId: VISIT_ID, sum: 1056.85, bonuses: 300, items: RECEIPT_ITEMS },
    },
    sumOnly: {
      summary: 'A cheque sent as a sum only: the most bonuses it can take and what it would earn',
      value: { visitId: VISIT_ID, sum: 600 },
    },
    withPromoCode: {
      summary:
        'The same receipt with the demo’s promo code «ДЕМО10» (decision 064): 10% off every line but the cigarettes, held for the visit',
      value: { visitId: VISIT_ID, sum: 1056.85, coupon: 'ДЕМО10', items: RECEIPT_ITEMS },
    },
  },
  response: {
    receiptWithBonuses: {
      summary: 'The bonuses spread over the lines that take them; cigarettes neither take nor earn',
      value: withBonuses,
    },
  } satisfies Examples<TillPreview>,
};

export const tillLateAccrueExamples = {
  body: {
    afterOutage: {
      summary: 'A receipt closed during an outage two days ago, sent when the till is back',
      value: {
        code: '7770 0000 0000 0011 418275',
        occurredAt: '2026-11-26T18:42:10+03:00',
        receiptNo: 'shop7-till2-000318',
        sum: 529.9,
        items: RECEIPT_ITEMS.slice(0, 2),
      },
    },
  },
  response: {
    accrued: {
      summary: 'Accrued by the rules of that evening: 3% on each line, the receipt kept under its number',
      value: {
        operationId: '0b7d3f52-8c1e-4a96-b2d4-7e5a9c1f3b08',
        visitId: VISIT_ID,
        kind: 'ACCRUE',
        state: 'COMPLETED',
        sum: 529.9,
        spent: 0,
        earned: 15.89,
        paidByCard: 0,
        card: null,
        decline: null,
        createdAt: '2026-11-26T15:42:10.000Z',
        holdExpiresAt: null,
        earnRules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'CHAIN' }],
        earnRate: 3,
        lines: [
          line(1, { maxBonuses: 44.95, bonuses: 0, earned: 2.69 }),
          line(2, { maxBonuses: 220, bonuses: 0, earned: 13.2 }),
        ],
      },
    },
  } satisfies Examples<TillOperation>,
};

const PAYMENT_RECEIPT_ID = '6e0c4a8b-2f17-4d53-9a6e-1b3c5d7f9e20';

export const tillPaymentReceiptExamples = {
  body: {
    basket: {
      summary:
        'A basket the customer pays on the site by the QR: its sum and its lines (cigarettes among them)',
      value: { idempotencyKey: 'qr-2026-11-25-0046', sum: 1056.85, items: RECEIPT_ITEMS },
    },
  },
  response: {
    registered: {
      summary:
        'The receipt and the address for the QR: the point, the sum and the receipt, payable 30 minutes',
      value: {
        receiptId: PAYMENT_RECEIPT_ID,
        sum: 1056.85,
        expiresAt: '2026-11-25T10:46:30.000Z',
        paymentUrl: `https://bonus.example.ru/loyalty?p=1&s=1056.85&r=${PAYMENT_RECEIPT_ID}`,
      },
    },
  } satisfies Examples<TillPaymentReceipt>,
};

export const tillReturnExamples = {
  body: {
    oneCappuccino: {
      summary: 'One of the two cappuccinos comes back',
      value: {
        items: [{ line: 2, quantity: 1 }] satisfies TillReturnItem[],
        idempotencyKey: 'return-2026-11-25-0001',
      },
    },
    byBarcode: {
      summary:
        'The same, the goods named by the barcode the cashier scans back (one line of the receipt has it)',
      value: {
        items: [{ barcode: '4607019002108', quantity: 1 }] satisfies TillReturnItem[],
        idempotencyKey: 'return-2026-11-25-0001',
      },
    },
  },
  response: {
    returned: {
      summary:
        'Half of the line: half the bonuses spent on it go back, half of what it earned is taken back; the customer still had them',
      value: {
        operationId: '5f2d8a63-91c4-4e7b-8d30-6a1b9c2e4f75',
        idempotencyKey: 'return-2026-11-25-0001',
        lines: [{ line: 2, quantity: 1, bonusesTakenBack: 4.24, bonusesGivenBack: 78.4, withheld: 0 }],
        bonusesTakenBack: 4.24,
        bonusesGivenBack: 78.4,
        withheld: 0,
        refundedToCard: null,
      },
    },
  } satisfies Examples<TillReturn>,
};
