import { useEffect, useState } from 'react';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { hasCode } from '#web/lib/api-errors';
import { ApiError } from '#web/lib/api-client';
import type { DraftChoice } from './payment-api';
import type { usePrepareDraft } from './use-payment';

/** A refusal of the code itself (unknown, used, expired…, or not a code at all): shown under the field. */
export const isCouponRefusal = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.code.startsWith('COUPON_') || hasCode(error, 'VALIDATION'));

/** The field's words for a refusal: the server's own, but a malformed code's is the field's format. */
const refusalText = (error: ApiError) =>
  error.code === 'VALIDATION' ? ruLoyalty.couponTooShort : error.message;

/**
 * The page's promo code (decision 071): the code applied (sent with every recompute of the draft) and the last
 * refusal. Applying goes through the server first; only a code it accepted joins the page's choice.
 */
export function useCoupon() {
  const [code, setCode] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  return {
    code,
    error,
    apply: (next: string) => {
      setCode(next);
      setError(null);
    },
    remove: () => {
      setCode(null);
      setError(null);
    },
    refused: (refusal: ApiError) => {
      setCode(null);
      setError(refusalText(refusal));
    },
  };
}

/**
 * Applies a code: the page's draft recomputed with it first (the server checks, computes and holds it), and only
 * a code it accepted joins the page's choice; a refusal goes under the field. A held code the server refuses on
 * a later recompute (`draftError`: paused meanwhile, say) comes off the page the same way.
 */
export function useApplyCoupon(
  coupon: ReturnType<typeof useCoupon>,
  prepare: ReturnType<typeof usePrepareDraft>,
  choice: DraftChoice,
  draftError: unknown,
) {
  const { code, refused } = coupon;
  useEffect(() => {
    if (code && isCouponRefusal(draftError)) refused(draftError);
  }, [code, draftError, refused]);
  return (code: string) =>
    prepare.mutate(
      { ...choice, coupon: code },
      {
        onSuccess: () => coupon.apply(code),
        onError: (error) => (isCouponRefusal(error) ? coupon.refused(error) : undefined),
      },
    );
}
