import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/** Whether a parsed body, query or params value holds U+0000 anywhere (in a string or a key). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * A preValidation hook: PostgreSQL stores no U+0000 in text or jsonb (the insert fails, a 500), and no form of
 * the site needs it, so a request carrying one is refused with a 400 before any schema or handler sees it.
 */
export async function rejectNul(request: FastifyRequest) {
  if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
    throw new AppError('VALIDATION', 'Неверные данные: недопустимый символ U+0000');
  }
}
