import { SMS_DELIVERY_COST } from '#common/contract/codes';
import { type DeliveryId } from '#common/contract/gift-cards';

export interface GiftCardBillKopecks {
  nominal: number;
  quantity: number;
  /** The discount rate, hundredths of a percent (7.5% = 750). */
  discountBasisPoints: number;
  nominalSum: number;
  discount: number;
  deliverySum: number;
  total: number;
}

/** A percent rate with at most 2 decimals as hundredths of a percent. */
export const toBasisPoints = (percentRate: number) => Math.round(percentRate * 100);

/**
 * The bill of a gift-card order in kopecks (docs/decisions/017), from whole-rouble inputs:
 * - `nominalSum` = nominal × quantity;
 * - `discount` = percentRate% of `nominalSum` only, rounded to the kopeck half up (in the buyer's favour at
 *   exactly half a kopeck): the delivery is a cost passed on at face value and is never discounted;
 * - `deliverySum` = 2 roubles × quantity for SMS delivery (spec section 9);
 * - `total` = nominalSum − discount + deliverySum.
 * Every step is integer arithmetic, so nothing drifts by a float's error.
 */
export function computeGiftCardBill(input: {
  /** Whole roubles. */
  nominal: number;
  quantity: number;
  percentRate: number;
  deliveryId: DeliveryId;
}): GiftCardBillKopecks {
  const nominal = input.nominal * 100;
  const nominalSum = nominal * input.quantity;
  const discountBasisPoints = toBasisPoints(input.percentRate);
  // round(nominalSum × bp / 10 000) half up, as floor((2·x + d) / 2d) with d = 10 000.
  const discount = Math.floor((2 * nominalSum * discountBasisPoints + 10_000) / 20_000);
  const perRecipient = input.deliveryId === 'SMS_TO_CLIENT' ? SMS_DELIVERY_COST * 100 : 0;
  const deliverySum = perRecipient * input.quantity;
  return {
    nominal,
    quantity: input.quantity,
    discountBasisPoints,
    nominalSum,
    discount,
    deliverySum,
    total: nominalSum - discount + deliverySum,
  };
}
