import { describe, expect, it } from 'vitest';
import { decodeRecipientsFile, parseCsv, parseRecipientsFile } from './recipients-file';

/** Windows-1251 bytes of a Cyrillic text, as Excel in Russia writes "CSV (разделители — запятые)". */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from([...text], (c) => {
    const code = c.charCodeAt(0);
    if (code < 0x80) return code;
    if (c === 'Ё') return 0xa8;
    if (c === 'ё') return 0xb8;
    if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
    throw new Error(`no cp1251 byte for ${c}`);
  });
}

describe('the recipients file', () => {
  it('reads Windows-1251 bytes from Excel: the name column first, a quoted name with a comma', () => {
    const bytes = cp1251('Имя;Телефон\r\n"Иванова, Анна";+7 900 111-22-33\r\nПётр Сидоров;89004445566\r\n');
    const text = decodeRecipientsFile(bytes);
    expect(text.startsWith('Имя;Телефон')).toBe(true);
    expect(parseRecipientsFile(text)).toEqual({
      recipients: [
        { phone: '+7 (900) 111-22-33', name: 'Иванова, Анна' },
        { phone: '+7 (900) 444-55-66', name: 'Пётр Сидоров' },
      ],
      skippedLines: [1],
    });
  });

  it('reads UTF-8 with and without a byte-order mark, and UTF-16 from "Текст Юникод"', () => {
    const utf8 = new TextEncoder().encode('\uFEFFАнна;9001112233');
    expect(parseRecipientsFile(decodeRecipientsFile(utf8)).recipients).toEqual([
      { phone: '+7 (900) 111-22-33', name: 'Анна' },
    ]);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...[...'Ёжик\t9001112233'].flatMap((c) => [c.charCodeAt(0) & 255, c.charCodeAt(0) >> 8]),
    ]);
    expect(parseRecipientsFile(decodeRecipientsFile(utf16)).recipients).toEqual([
      { phone: '+7 (900) 111-22-33', name: 'Ёжик' },
    ]);
  });

  it('takes a comma-separated file with quotes, doubled quotes and a line break inside a name', () => {
    const text = 'name,phone\n"Петров, Пётр ""Петя""",+79001112233\n"Анна\nМария",9004445566\n';
    expect(parseCsv(text).map((r) => r.line)).toEqual([1, 2, 3]);
    expect(parseRecipientsFile(text).recipients).toEqual([
      { phone: '+7 (900) 111-22-33', name: 'Петров, Пётр "Петя"' },
      { phone: '+7 (900) 444-55-66', name: 'Анна\nМария'.replace('\n', ' ') },
    ]);
  });
});
