import { MAX_ORDER_TOTAL, MAX_PAY_SUM } from '#common/contract/codes';
import { describe, expect, it } from 'vitest';

import { computeGiftCardBill } from './bill';

describe('the gift-card bill', () => {
  // nominal (roubles), recipients, discount %, then roubles: nominal part, discount, SMS delivery, total.
  const cases: [number, number, number, number, number, number, number][] = [
    [1000, 1, 0, 1000, 0, 2, 1002],
    [1000, 3, 0, 3000, 0, 6, 3006],
    [1000, 3, 10, 3000, 300, 6, 2706],
    [5, 1, 10, 5, 0.5, 2, 6.5],
    // half a kopeck of discount rounds up (in the buyer's favour)
    [1, 1, 2.5, 1, 0.03, 2, 2.97],
    [333, 3, 7.5, 999, 74.93, 6, 930.07],
    [1, 3, 33.33, 3, 1, 6, 8],
    // a hundredth of a kopeck of discount rounds away
    [1, 1, 0.01, 1, 0, 2, 3],
    [99_999, 10, 12.34, 999_990, 123_398.77, 20, 876_611.23],
    [99_999, 1, 99.99, 99_999, 99_989, 2, 12.0],
  ];
  it.each(cases)(
    '%d ₽ × %d at %d%%',
    (nominal, quantity, percentRate, nominalSum, discount, delivery, total) => {
      const bill = computeGiftCardBill({ nominal, quantity, percentRate, deliveryId: 'SMS_TO_CLIENT' });
      expect(bill.nominalSum / 100).toBe(nominalSum);
      expect(bill.discount / 100).toBe(discount);
      expect(bill.deliverySum / 100).toBe(delivery);
      expect(bill.total / 100).toBe(total);
      expect(bill.total).toBe(bill.nominalSum - bill.discount + bill.deliverySum);
    },
  );

  it('keeps one payment limit for orders and payments', () => {
    expect(MAX_ORDER_TOTAL).toBe(MAX_PAY_SUM);
  });
});
