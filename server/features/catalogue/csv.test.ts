import { describe, expect, it } from 'vitest';
import { decodeCsv, detectDelimiter, parseCsv } from './csv';
import { readBarcodes, readFlag, readLegalGroup, readPrice, readVat } from './csv-values';

describe('a CSV file as Excel in Russia saves it', () => {
  it('decodes UTF-8 (its BOM dropped) and otherwise Windows-1251', () => {
    expect(decodeCsv(Buffer.from('\ufeffАртикул', 'utf8'))).toBe('Артикул');
    expect(decodeCsv(Buffer.from([0xc0, 0xf0, 0xf2, 0xe8, 0xea, 0xf3, 0xeb]))).toBe('Артикул');
  });

  it('takes the delimiter from the header line, outside quotes', () => {
    expect(detectDelimiter('Артикул;Наименование\n1,2,3')).toBe(';');
    expect(detectDelimiter('"a;b;c",name\n')).toBe(',');
  });

  it('reads quoted fields with "" and line breaks, CRLF, and skips empty rows with their numbers kept', () => {
    const { records } = parseCsv('a;b\r\n"x ""y""";"1\r\n2"\r\n;\r\nz;w', ';');
    expect(records).toEqual([
      { row: 1, fields: ['a', 'b'] },
      { row: 2, fields: ['x "y"', '1\r\n2'] },
      { row: 4, fields: ['z', 'w'] },
    ]);
  });

  it('reads VAT as people write it', () => {
    for (const [cell, rate] of [
      ['20%', 'VAT20'],
      ['22', 'VAT22'],
      ['НДС 10%', 'VAT10'],
      ['10/110', 'VAT10'],
      ['VAT22', 'VAT22'],
      ['0%', 'VAT0'],
      ['без НДС', 'NONE'],
      ['', 'NONE'],
    ])
      expect(readVat(cell!), cell).toEqual({ ok: rate });
    expect(readVat('18%')).toHaveProperty('problem');
  });

  it('reads flags, legal groups and barcodes', () => {
    expect(readFlag('Да', 'x')).toEqual({ ok: true });
    expect(readFlag('', 'x')).toEqual({ ok: false });
    expect(readFlag('может', 'Не начислять')).toHaveProperty('problem');
    expect(readLegalGroup('Табак')).toEqual({ ok: 'TOBACCO' });
    expect(readLegalGroup('алкоголь')).toEqual({ ok: 'ALCOHOL' });
    expect(readLegalGroup('Детское питание')).toEqual({ ok: 'INFANT_FORMULA' });
    expect(readLegalGroup('INFANT_FORMULA')).toEqual({ ok: 'INFANT_FORMULA' });
    expect(readLegalGroup('')).toEqual({ ok: null });
    expect(readBarcodes(' 1 2,3|4 ')).toEqual(['1', '2', '3', '4']);
  });

  it('reads a shelf price with a comma or a point, spaces and a rouble sign; an empty cell is none', () => {
    expect(readPrice('89,90')).toEqual({ ok: 89.9 });
    expect(readPrice('1\u00a0234.5 ₽')).toEqual({ ok: 1234.5 });
    expect(readPrice('')).toEqual({ ok: null });
    expect(readPrice('12,345')).toHaveProperty('problem');
    expect(readPrice('бесплатно')).toHaveProperty('problem');
  });
});
