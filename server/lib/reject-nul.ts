import type { FastifyRequest } from 'fastify';
import { isWellFormedText } from '#common/lib/validation';
import { AppError } from '../errors';

/** What no text of the API may hold: U+0000, or a lone UTF-16 surrogate (JSON's "\ud800"). */
type Refused = 'nul' | 'surrogate';

function refusedIn(text: string): Refused | null {
  if (text.includes('\u0000')) return 'nul';
  return isWellFormedText(text) ? null : 'surrogate';
}

/** The first refused text in a parsed body, query or params value: in a string or in a key, at any depth. */
export function refusedText(value: unknown, depth = 0): Refused | null {
  if (typeof value === 'string') return refusedIn(value);
  if (!value || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = refusedText(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const found = refusedIn(key) ?? refusedText(item, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Whether a parsed value holds U+0000 anywhere (in a string or a key). */
export function containsNul(value: unknown): boolean {
  return refusedText(value) === 'nul';
}

/**
 * Whether the URL's query is percent-encoded UTF-8 throughout. The query parser keeps a part it cannot decode
 * as it came ("%ED%A0%80", a lone surrogate's bytes, stays those nine characters), so a search would run on
 * text the caller never meant; the path's params are refused by the router already (BAD_URL).
 */
export function queryIsUtf8(url: string): boolean {
  const at = url.indexOf('?');
  if (at < 0) return true;
  for (const part of url.slice(at + 1).split(/[&=]/)) {
    try {
      decodeURIComponent(part);
    } catch {
      return false;
    }
  }
  return true;
}

const MESSAGES: Record<Refused, string> = {
  nul: 'Неверные данные: недопустимый символ U+0000',
  surrogate: 'Неверные данные: недопустимые символы (одиночный суррогат UTF-16)',
};

/**
 * A preValidation hook. PostgreSQL stores no U+0000 in text or jsonb (the insert fails, a 500), its jsonb refuses
 * a lone surrogate (a 500) and its text keeps a U+FFFD in its place, and no form of the site needs either; so a
 * request carrying one, in a value or a key, is refused with a 400 before any schema or handler sees it (the
 * contract's strings refuse a lone surrogate too: common/contract/z.ts, decision 050).
 */
export async function rejectNul(request: FastifyRequest) {
  const refused = refusedText(request.body) ?? refusedText(request.query) ?? refusedText(request.params);
  if (refused) throw new AppError('VALIDATION', MESSAGES[refused]);
  // The API's queries only: a page's link with a stray `%` (a campaign's tag) still renders the page.
  if (request.url.startsWith('/api/') && !queryIsUtf8(request.url)) {
    throw new AppError('VALIDATION', 'Неверные данные: параметры адреса не в кодировке UTF-8');
  }
}
