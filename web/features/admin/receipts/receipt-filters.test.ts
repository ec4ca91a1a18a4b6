import { describe, expect, it } from 'vitest';
import { filtersOfAddress, queryOf } from './receipt-filters';

describe('the receipts filters from the address (decision 068)', () => {
  it('reads the member and the days as the API names them, and asks for the same', () => {
    const form = filtersOfAddress(
      new URLSearchParams('member=1234567890123456&from=2026-11-01&to=2026-11-29'),
    );
    expect(form).toEqual({
      from: '01.11.2026',
      to: '29.11.2026',
      point: '',
      receipt: '',
      member: '1234567890123456',
    });
    expect(queryOf(form)).toEqual({ from: '2026-11-01', to: '2026-11-29', member: '1234567890123456' });
  });

  it('leaves a day that is not one empty, and an empty address asks for everything', () => {
    expect(filtersOfAddress(new URLSearchParams('from=2026-02-31&to=soon')).from).toBe('');
    expect(queryOf(filtersOfAddress(new URLSearchParams('')))).toEqual({});
  });
});
