import { describe, expect, it } from 'vitest';
import { readableMessage } from './error-text';

describe('readableMessage', () => {
  it('drops the field name a schema refusal carries', () => {
    expect(readableMessage('Неверные данные: code: Код: 22 цифры')).toBe('Код: 22 цифры');
    expect(readableMessage('Неверные данные: recipients.0.phone: Введены не все символы')).toBe(
      'Введены не все символы',
    );
  });

  it('keeps every other message whole', () => {
    expect(readableMessage('Код уже использован')).toBe('Код уже использован');
    expect(readableMessage('Неверные данные: недопустимый символ U+0000')).toBe(
      'Неверные данные: недопустимый символ U+0000',
    );
  });
});
