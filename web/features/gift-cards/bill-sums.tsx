import type { GiftCardBill } from '#common/contract/gift-cards';
import { ruGiftCards } from '#web/i18n/ru-gift-cards';
import { formatAmount } from '#common/lib/format';

const t = ruGiftCards;
export const rub = (value: number) => `${formatAmount(value)}\u00a0₽`;

/** The bill as the server computed it: cards × nominal, the discount, SMS delivery, the total. */
export function BillSums({ bill }: { bill: GiftCardBill }) {
  return (
    <dl className="loyalty-sums" data-testid="gc-bill">
      <div>
        <dt>{t.bill.nominal(rub(bill.nominal), bill.quantity)}</dt>
        <dd>{rub(bill.nominalSum)}</dd>
      </div>
      {bill.discount > 0 && (
        <div>
          <dt>{t.bill.discount(bill.percentRate)}</dt>
          <dd>−{rub(bill.discount)}</dd>
        </div>
      )}
      <div>
        <dt>{t.bill.delivery}</dt>
        <dd>{rub(bill.deliverySum)}</dd>
      </div>
      <div className="loyalty-sums__total">
        <dt>{t.bill.total}</dt>
        <dd>{rub(bill.total)}</dd>
      </div>
    </dl>
  );
}
