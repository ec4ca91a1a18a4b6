import { describe, expect, it } from 'vitest';
import { filterBanks, normalizeBankText } from './bank-filter';
import { readRememberedBanks, rememberBank } from './remembered-banks';

const banks = [
  { bankName: 'АЛЬФА-БАНК' },
  { bankName: 'Сбербанк' },
  { bankName: 'Банк Синара' },
  { bankName: 'Ёлкибанк' },
];

describe('filterBanks', () => {
  it('shows every bank until two characters are typed', () => {
    expect(filterBanks(banks, '')).toEqual(banks);
    expect(filterBanks(banks, 'с')).toEqual(banks);
    expect(filterBanks(banks, '  с ')).toEqual(banks);
  });

  it('filters from two characters, ignoring case', () => {
    expect(filterBanks(banks, 'сб')).toEqual([{ bankName: 'Сбербанк' }]);
    expect(filterBanks(banks, 'альфа')).toEqual([{ bankName: 'АЛЬФА-БАНК' }]);
    expect(filterBanks(banks, 'БАНК').length).toBe(4);
  });

  it('treats ё and е alike, both ways', () => {
    expect(filterBanks(banks, 'елки')).toEqual([{ bankName: 'Ёлкибанк' }]);
    expect(filterBanks([{ bankName: 'Елово' }], 'ёл')).toEqual([{ bankName: 'Елово' }]);
    expect(normalizeBankText('  ЁЖ  Банк ')).toBe('еж банк');
  });

  it('finds nothing for a query no name contains', () => {
    expect(filterBanks(banks, 'zz')).toEqual([]);
  });
});

describe('remembered banks', () => {
  it('keeps chosen names newest first, once each, at most five', () => {
    localStorage.clear();
    for (const name of ['A', 'B', 'A', 'C', 'D', 'E', 'F']) rememberBank(name);
    expect(readRememberedBanks()).toEqual(['F', 'E', 'D', 'C', 'A']);
  });

  it('reads nothing from a damaged value', () => {
    localStorage.setItem('sbpRememberedBanks', '{oops');
    expect(readRememberedBanks()).toEqual([]);
  });
});
