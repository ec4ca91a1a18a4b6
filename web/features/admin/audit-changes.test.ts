import { describe, expect, it } from 'vitest';
import { changedFields } from './audit-changes';

describe('the audit log shows only what changed', () => {
  it('lists the one field a settings change touched, not the two whole documents', () => {
    const before = { title: 'Берёзка', colors: { primary: '#111111', text: '#000000' }, modules: ['news'] };
    const after = { title: 'Берёзка', colors: { primary: '#222222', text: '#000000' }, modules: ['news'] };
    expect(changedFields(before, after)).toEqual([
      { field: 'colors.primary', before: '#111111', after: '#222222' },
    ]);
  });

  it('lists a creation’s fields and a removal’s, and shortens long values', () => {
    expect(changedFields(null, { state: 'paid', paymentNumber: '512' })).toEqual([
      { field: 'state', after: 'paid' },
      { field: 'paymentNumber', after: '512' },
    ]);
    expect(changedFields({ a: 1 }, {})).toEqual([{ field: 'a', before: '1' }]);
    const [long] = changedFields({ text: '' }, { text: 'я'.repeat(500) });
    expect(long!.after!.length).toBeLessThanOrEqual(121);
  });
});
