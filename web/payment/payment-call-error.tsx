import { ruLoyalty } from '../i18n/ru-loyalty';
import { customerMessageOf, errorCodeOf } from '../lib/api-errors';

/** Under a payment's button: why the last call failed, with its code (spec section 8), read out when it appears. */
export function PaymentCallError({ error }: { error: Error | null }) {
  return (
    <p className="form-error" role="status">
      {error && `${customerMessageOf(error)} (${ruLoyalty.errorCode(errorCodeOf(error))})`}
    </p>
  );
}
