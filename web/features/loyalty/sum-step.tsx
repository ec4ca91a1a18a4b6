import { useState, type FormEvent } from 'react';
import { useNavigate } from '#web/lib/router/hooks';
import { ruLoyalty } from '#web/i18n/ru-loyalty';
import { TextField } from '#web/ui/text-field';
import { paymentPath } from './payment-api';
import { parsePaySum } from './retail-point';

/** A QR without a sum (or a hand-typed link): the customer types the sum from the cheque. */
export function SumStep({ retailPointId, basePath }: { retailPointId: number; basePath?: string }) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sum = parsePaySum(value);
    if (sum === null) {
      setError(ruLoyalty.sumInvalid);
      return;
    }
    const path = paymentPath(retailPointId, sum);
    void navigate(basePath ? path.replace('/loyalty', basePath) : path, { replace: true });
  };
  return (
    <form className="loyalty-sum" onSubmit={submit} noValidate>
      <TextField
        label={ruLoyalty.sumField}
        value={value}
        error={error}
        onValue={(next) => {
          setValue(next.replace(/[^\d.,]/g, ''));
          setError(null);
        }}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        required
      />
      <button type="submit" className="button">
        {ruLoyalty.sumNext}
      </button>
    </form>
  );
}
