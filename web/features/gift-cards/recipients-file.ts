import { maskPhone } from '#common/lib/validation';
import type { RecipientDraft } from './sale-form';

export interface ParsedRecipients {
  recipients: RecipientDraft[];
  /** 1-based numbers of the non-empty lines with no phone in them. */
  skippedLines: number[];
}

/**
 * The file's bytes as text. Excel in Russia saves "CSV (разделители — запятые)" in Windows-1251 and "CSV UTF-8"
 * with a byte-order mark; "Текст Юникод" is UTF-16 with its mark. Bytes that are not valid UTF-8 are read as
 * Windows-1251, the only other encoding a Russian office file comes in.
 */
export function decodeRecipientsFile(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    // TextDecoder drops a UTF-8 byte-order mark itself.
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1251').decode(bytes);
  }
}

interface CsvRecord {
  /** The 1-based line the record starts on. */
  line: number;
  fields: string[];
}

/** The line's separator: ';' (Excel in Russia), else a tab, else ',', whichever occurs outside quotes first in that order. */
function separatorOf(line: string): string {
  const outside = line.replace(/"[^"]*"/g, '');
  return outside.includes(';') ? ';' : outside.includes('\t') ? '\t' : ',';
}

/** RFC 4180 records: quoted fields may hold the separator, quotes ("") and line breaks. */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i]!;
    const start = i + 1;
    // A quoted field left open continues on the next line.
    while ((raw.match(/"/g)?.length ?? 0) % 2 === 1 && i + 1 < lines.length) raw += `\n${lines[++i]}`;
    if (!raw.trim()) continue;
    const separator = separatorOf(raw);
    const fields: string[] = [];
    let field = '';
    let quoted = false;
    for (let j = 0; j < raw.length; j++) {
      const c = raw[j]!;
      if (quoted && c === '"' && raw[j + 1] === '"') {
        field += '"';
        j++;
      } else if (c === '"') {
        quoted = !quoted;
      } else if (!quoted && c === separator) {
        fields.push(field);
        field = '';
      } else {
        field += c;
      }
    }
    fields.push(field);
    records.push({ line: start, fields: fields.map((f) => f.trim()) });
  }
  return records;
}

/** The 10 national digits of a field that is a Russian phone and nothing else, or null. */
function nationalPhone(field: string): string | null {
  if (/\p{L}/u.test(field)) return null;
  const digits = field.replace(/\D/g, '');
  if (digits.length === 11 && /^[78]/.test(digits)) return digits.slice(1);
  return digits.length === 10 ? digits : null;
}

/**
 * The file popup's list: one recipient per line, a phone (any of `+7 900 000-00-01`, `89000000001`,
 * `9000000001`) and a name, in either order, separated by a semicolon, tab or comma; a name in quotes may hold
 * commas ("Иванова, Анна"). A header line or any line without a phone is skipped and reported; the same phone
 * twice is kept once.
 */
export function parseRecipientsFile(text: string): ParsedRecipients {
  const recipients: RecipientDraft[] = [];
  const skippedLines: number[] = [];
  const seen = new Set<string>();
  for (const { line, fields } of parseCsv(text)) {
    const at = fields.findIndex((f) => nationalPhone(f) !== null);
    if (at < 0) {
      skippedLines.push(line);
      continue;
    }
    const national = nationalPhone(fields[at]!)!;
    if (seen.has(national)) continue;
    seen.add(national);
    const name = fields
      .filter((f, i) => i !== at && f)
      .join(' ')
      .replace(/\s+/g, ' ')
      .slice(0, 100);
    recipients.push({ phone: maskPhone(`7${national}`), name });
  }
  return { recipients, skippedLines };
}
