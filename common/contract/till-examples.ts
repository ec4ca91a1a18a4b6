import type { z } from 'zod';
import type { Examples } from './examples';
import type { TillOperation, TillVisit } from './till';
import type { tillGiftCardRedemptionSchema } from './till-gift-cards';

type TillGiftCardRedemption = z.output<typeof tillGiftCardRedemptionSchema>;

/**
 * Examples of the till API (common/contract/till.ts) for the OpenAPI document and its UI at /api/docs/ui: one
 * visit at a point earning 3% with a brand limit of 50%, followed from the scan to a refund. Each is checked
 * against its own schema (server/features/api-docs/api-docs.test.ts).
 */

const VISIT_ID = '3c1d2b9e-7a54-4f0e-9b61-5d8e2f4a7c10';
const AT = '2026-11-25T10:16:30.000Z';
const HOLD_UNTIL = '2026-11-25T10:31:30.000Z';

const accrued: TillOperation = {
  operationId: '9a7e4c21-3b8f-4d62-a1c5-0e6f2b8d9c34',
  visitId: VISIT_ID,
  kind: 'ACCRUE',
  state: 'COMPLETED',
  sum: 1234.56,
  spent: 0,
  earned: 37.03,
  paidByCard: 0,
  card: null,
  decline: null,
  createdAt: AT,
  holdExpiresAt: null,
  earnRules: [{ kind: 'BASE', id: null, title: 'Базовое начисление 3%', percent: 3, from: 'CHAIN' }],
  earnRate: 3,
  lines: null,
};

const held: TillOperation = {
  ...accrued,
  operationId: '5f2d8a63-91c4-4e7b-8d30-6a1b9c2e4f75',
  kind: 'SPEND',
  state: 'HELD',
  sum: 600,
  spent: 300,
  earned: 9,
  holdExpiresAt: HOLD_UNTIL,
};

const paidByCard: TillOperation = {
  ...accrued,
  operationId: 'c84b1e07-6d2a-4f93-b5e8-3a7c0d9f1e26',
  kind: 'CARD',
  sum: 600,
  spent: 250,
  earned: 10.5,
  paidByCard: 350,
  card: '•••• 1111',
};

const visit: TillVisit = {
  visitId: VISIT_ID,
  expiresAt: '2026-11-25T10:30:00.000Z',
  customer: {
    name: 'Анна И.',
    cardNum: '**** **** **** 4821',
    bonuses: 1250,
    expiring: { bonuses: 120, on: '2026-12-10' },
    pending: null,
  },
  point: { id: 1, title: 'Берёзка на Садовой', currentBonus: 3, earnFrom: 'CHAIN' },
  maxSpendPercent: 50,
  bindingActive: true,
  savedCard: '•••• 1111',
  operations: [],
};

export const tillVerifyExamples = {
  body: {
    scanned: {
      summary: 'The member code as scanned: the card number and the 6-digit code (spaces allowed)',
      value: { code: '7000 1234 5678 4821 418275' },
    },
  } satisfies Examples<{ code: string }>,
  response: {
    opened: { summary: 'A new visit: the customer and the bonuses they can spend', value: visit },
  } satisfies Examples<TillVisit>,
};

export const tillVisitExamples = {
  response: {
    afterOperations: {
      summary: 'The visit after an accrual and a spend on hold',
      value: { ...visit, customer: { ...visit.customer, bonuses: 987.03 }, operations: [accrued, held] },
    },
  } satisfies Examples<TillVisit>,
};

export const tillAccrueExamples = {
  body: {
    cheque: {
      summary: 'Accrue for a cheque of 1234.56 ₽',
      value: { visitId: VISIT_ID, sum: 1234.56, idempotencyKey: 'cheque-2026-11-25-0042' },
    },
  },
  response: {
    accrued: { summary: '3% of the cheque, credited at once', value: accrued },
  } satisfies Examples<TillOperation>,
};

export const tillSpendExamples = {
  body: {
    mostAllowed: {
      summary: 'Spend the most allowed (bonuses left out): 50% of the cheque, within the balance',
      value: { visitId: VISIT_ID, sum: 600, idempotencyKey: 'cheque-2026-11-25-0043' },
    },
    chosen: {
      summary: 'Spend 200 bonuses on a cheque of 1000 ₽',
      value: { visitId: VISIT_ID, sum: 1000, bonuses: 200, idempotencyKey: 'cheque-2026-11-25-0044' },
    },
  },
  response: {
    held: { summary: 'The bonuses on hold until confirm or cancel', value: held },
  } satisfies Examples<TillOperation>,
};

export const tillCardPaymentExamples = {
  body: {
    bonusesAndCard: {
      summary: '250 bonuses, the rest (350 ₽) from the saved card',
      value: { visitId: VISIT_ID, sum: 600, bonuses: 250, idempotencyKey: 'cheque-2026-11-25-0045' },
    },
    cardOnly: {
      summary: 'The whole cheque from the saved card (bonuses left out: none)',
      value: { visitId: VISIT_ID, sum: 600, idempotencyKey: 'cheque-2026-11-25-0046' },
    },
  },
  response: {
    completed: { summary: 'The bank took the card payment', value: paidByCard },
    declined: {
      summary: 'The bank declined the card: the bonuses went back',
      value: {
        ...paidByCard,
        state: 'DECLINED',
        decline: { code: 'DECLINED', message: 'Банк отклонил платёж' },
      },
    },
  } satisfies Examples<TillOperation>,
};

export const tillConfirmExamples = {
  response: {
    confirmed: {
      summary: 'The held spend completed: 300 bonuses spent, 9 earned on the rest',
      value: { ...held, state: 'COMPLETED', holdExpiresAt: null },
    },
  } satisfies Examples<TillOperation>,
};

export const tillCancelExamples = {
  response: {
    cancelled: {
      summary: 'The hold released: the 300 bonuses are back',
      value: { ...held, state: 'CANCELLED', holdExpiresAt: null },
    },
  } satisfies Examples<TillOperation>,
};

export const tillRefundExamples = {
  response: {
    refunded: {
      summary: 'The card payment refunded: bonuses and card money back, the earned bonuses taken back',
      value: { ...paidByCard, state: 'REFUNDED' },
    },
  } satisfies Examples<TillOperation>,
};

const GIFT_CARD_CODE = '4417 2093 5561 7720';
const giftCard = { code: '**** **** **** 7720', balance: 1500, nominal: 3000 };
const redemption: TillGiftCardRedemption = {
  redemptionId: 'e3a9c5d1-2f84-4b76-9e10-7d6c8b5a4f32',
  amount: 500,
  card: { ...giftCard, balance: 1000 },
  refunded: false,
  createdAt: AT,
};

export const tillGiftCardBalanceExamples = {
  body: {
    code: { summary: 'The 16 digits from the card page', value: { cardCode: GIFT_CARD_CODE } },
  },
  response: {
    balance: { summary: 'What is left on the card', value: giftCard },
  },
};

export const tillGiftCardRedeemExamples = {
  body: {
    part: {
      summary: 'Pay 500 ₽ of a cheque from the card',
      value: { cardCode: GIFT_CARD_CODE, amount: 500, idempotencyKey: 'gift-2026-11-25-0007' },
    },
  },
  response: {
    redeemed: { summary: 'Paid: the card holds 500 ₽ less', value: redemption },
  } satisfies Examples<TillGiftCardRedemption>,
};

export const tillGiftCardRefundExamples = {
  response: {
    refunded: {
      summary: 'The 500 ₽ back on the card',
      value: { ...redemption, card: giftCard, refunded: true },
    },
  } satisfies Examples<TillGiftCardRedemption>,
};
