import { useState, type FormEvent } from 'react';
import type { TillCoupon } from '#common/contract/coupons';
import { formatAmount, formatBonuses } from '#common/lib/format';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { TextField } from '#web/ui/text-field';

interface CouponFieldProps {
  /** The page's code (use-coupon.ts): the one applied, the last refusal in the server's words, its removal. */
  coupon: { code: string | null; error: string | null; remove(): void };
  /** What the draft's code gives, as the server answered it; absent when it holds none. */
  held: TillCoupon | undefined;
  busy: boolean;
  onApply(code: string): void;
}

/** What the held code gives, in the page's words: the discount in roubles, or the extra bonuses. */
const effectText = (coupon: TillCoupon) =>
  coupon.discount > 0
    ? ruLoyalty.couponDiscountGiven(`${formatAmount(coupon.discount)}\u00a0₽`)
    : ruLoyalty.couponBonusesGiven(formatBonuses(coupon.bonuses));

/**
 * The promo code on the payment page (decision 071): typed and applied here, checked and computed by the
 * server (its refusal shown under the field); once held, its effect and a way to take it off.
 */
export function CouponField({ coupon, held, busy, onApply }: CouponFieldProps) {
  const [value, setValue] = useState('');
  const [typed, setTyped] = useState<string | null>(null);
  const applied = coupon.code ? held : undefined;
  if (applied) {
    return (
      <div className="loyalty-coupon loyalty-coupon--applied" data-testid="coupon-applied">
        <p className="loyalty-coupon__applied">
          <strong>{ruLoyalty.couponApplied(applied.code)}</strong>
          <span>{effectText(applied)}</span>
        </p>
        <button type="button" className="link-button" disabled={busy} onClick={coupon.remove}>
          {ruLoyalty.couponRemove}
        </button>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = value.trim();
    if (code.length < 3) return setTyped(ruLoyalty.couponTooShort);
    setTyped(null);
    onApply(code);
  };
  return (
    <form className="loyalty-coupon" onSubmit={submit} noValidate>
      <TextField
        label={ruLoyalty.couponLabel}
        value={value}
        error={typed ?? coupon.error}
        onValue={(next) => {
          setValue(next);
          setTyped(null);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={32}
        placeholder={ruLoyalty.couponPlaceholder}
      />
      <button type="submit" className="button button--ghost loyalty-coupon__apply" disabled={busy}>
        {ruLoyalty.couponApply}
      </button>
    </form>
  );
}
