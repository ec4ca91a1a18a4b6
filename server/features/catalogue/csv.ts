/*
 * A CSV file as Excel in Russia saves it (decision 060): UTF-8 (with or without its BOM) or Windows-1251, fields
 * separated by ';' (Excel's Russian default) or ',', quoted fields with "" inside and line breaks inside quotes.
 * Written here rather than taken from npm: this is all of the dialect the import reads, in one loop.
 */

/** The file's text: UTF-8 when its bytes are valid UTF-8 (the BOM dropped), else Windows-1251. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Every byte is a character in Windows-1251, so this never fails; Node's ICU carries the table.
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

/** ';' or ',': whichever the header line (outside quotes) has more of; ';' on a tie (Excel's Russian default). */
export function detectDelimiter(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ';') semicolons++;
    else if (!quoted && ch === ',') commas++;
  }
  return commas > semicolons ? ',' : ';';
}

/** A record of the file: its fields and its row number as Excel shows it (the header is row 1). */
export interface CsvRecord {
  row: number;
  fields: string[];
}

/**
 * The file's records; a record whose fields are all empty (Excel's trailing ';;;;' lines) is skipped. A quote
 * left open at the end is answered as that record's problem.
 */
export function parseCsv(text: string, delimiter: string): { records: CsvRecord[]; openQuoteAt?: number } {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let row = 1;
  const endRecord = () => {
    fields.push(field);
    if (fields.some((f) => f.trim() !== '')) records.push({ row, fields });
    row++;
    fields = [];
    field = '';
  };
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch !== '"') field += ch;
      else if (text[i + 1] === '"') {
        field += '"';
        i++;
      } else quoted = false;
    } else if (ch === '"' && field.trim() === '') {
      field = '';
      quoted = true;
    } else if (ch === delimiter) {
      fields.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
    } else field += ch;
  }
  if (quoted) return { records, openQuoteAt: row };
  if (field !== '' || fields.length) endRecord();
  return { records };
}
