import { maskPhone } from '../../../common/lib/validation';
import type { RecipientDraft } from './sale-form';

export interface ParsedRecipients {
  recipients: RecipientDraft[];
  /** 1-based numbers of the non-empty lines with no phone in them. */
  skippedLines: number[];
}

/**
 * The file popup's list: one recipient per line, a phone (any of `+7 900 000-00-01`, `89000000001`,
 * `9000000001`) and, after a semicolon, comma or tab, a name. A header line or any line without 10 or 11
 * digits of phone is skipped and reported; the same phone twice is kept once.
 */
export function parseRecipientsFile(text: string): ParsedRecipients {
  const recipients: RecipientDraft[] = [];
  const skippedLines: number[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => {
    if (!line.trim()) return;
    const [phonePart = '', ...rest] = line.split(/[;,\t]/);
    const digits = phonePart.replace(/\D/g, '');
    const national =
      digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits.length === 10 ? digits : null;
    if (!national) {
      skippedLines.push(index + 1);
      return;
    }
    if (seen.has(national)) return;
    seen.add(national);
    recipients.push({
      phone: maskPhone(`7${national}`),
      name: rest.join(' ').replace(/^"|"$/g, '').trim().slice(0, 100),
    });
  });
  return { recipients, skippedLines };
}
