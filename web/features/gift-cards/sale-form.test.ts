import { describe, expect, it } from 'vitest';
import { parseRecipientsFile } from './recipients-file';
import { initialSaleForm, isSaleFormValid, orderBody, trackFields, type SaleFormValues } from './sale-form';

const NOW = new Date('2026-11-23T10:00:00Z');
const valid: SaleFormValues = {
  ...initialSaleForm('gift-1.webp'),
  nominal: '1000',
  recipients: [{ phone: '+7 (900) 123-45-67', name: 'Мария' }],
  congratulation: 'С праздником!',
  email: 'buyer@example.ru',
};

describe('the gift-card form (spec section 5)', () => {
  it('is valid with every tracked field valid, at least 3 tracked, and a congratulation', () => {
    expect(Object.keys(trackFields(valid, NOW)).length).toBeGreaterThanOrEqual(3);
    expect(isSaleFormValid(valid, NOW)).toBe(true);
    expect(isSaleFormValid({ ...valid, congratulation: '  ' }, NOW)).toBe(false);
  });

  it.each([
    ['nominal', { nominal: '' }, 'Обязательное поле'],
    ['nominal', { nominal: '10a' }, 'Только цифры'],
    ['nominal', { nominal: '123456' }, 'Только цифры'],
    ['nominal', { nominal: '0' }, 'Номинал не меньше 1 ₽'],
    ['email', { email: '' }, 'Обязательное поле'],
    ['email', { email: 'buyer@example' }, 'Неверный формат почты'],
    ['phone0', { recipients: [{ phone: '+7', name: '' }] }, 'Обязательное поле'],
    ['phone0', { recipients: [{ phone: '+7 (900) 123', name: '' }] }, 'Введены не все символы'],
    ['sendingDate', { sendLater: true, sendingDate: '' }, 'Обязательное поле'],
    [
      'sendingDate',
      { sendLater: true, sendingDate: '2026-11-22T10:00' },
      'Выберите время в будущем, не позже чем через год',
    ],
  ])('%s: %j says %s and makes the form invalid', (field, patch, message) => {
    const values = { ...valid, ...patch } as SaleFormValues;
    expect(trackFields(values, NOW)[field]).toBe(message);
    expect(isSaleFormValid(values, NOW)).toBe(false);
  });

  it('sends digits-only phones, trimmed text and the sending date as ISO 8601', () => {
    const body = orderBody(
      { ...valid, nominal: ' 500 ', sendLater: true, sendingDate: '2026-11-24T12:30' },
      '00000000-0000-4000-8000-000000000000',
    );
    expect(body.recipients).toEqual([{ phone: '79001234567', name: 'Мария' }]);
    expect(body.nominal).toBe('500');
    expect(body.sendingDate).toBe(new Date('2026-11-24T12:30').toISOString());
    expect(orderBody(valid, body.idempotencyKey)).not.toHaveProperty('sendingDate');
  });
});

describe('the file popup', () => {
  it('reads phones in any common shape with optional names, skipping headers and repeats', () => {
    const parsed = parseRecipientsFile(
      'Телефон;Имя\n+7 900 111-22-33;Анна\n89001112233,Дубль\n9004445566\tПётр Петров\n\nне телефон\n',
    );
    expect(parsed.recipients).toEqual([
      { phone: '+7 (900) 111-22-33', name: 'Анна' },
      { phone: '+7 (900) 444-55-66', name: 'Пётр Петров' },
    ]);
    expect(parsed.skippedLines).toEqual([1, 6]);
  });
});
