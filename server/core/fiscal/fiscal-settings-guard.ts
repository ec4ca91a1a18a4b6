import type { BrandSettings } from '#common/contract/header';
import { roleAllows } from '#common/contract/permissions';
import { AppError } from '#server/errors';
import type { AuditActor } from '../audit';

/**
 * The brand's fiscal settings (decision 070) decide whether the law's receipts go out and under which INN: they
 * are `fiscal.write`'s (the owner, and the operator token), not every `settings.write` role's. As the earn limits
 * (decision 046): a settings document without them keeps the stored ones; one that changes them is refused
 * whole (403) unless the caller may, so the marketer can still save the colours with the fiscal fields as they are.
 */
export const FISCAL_SETTINGS_OWNER_ONLY =
  'Настройки фискальных чеков (54-ФЗ) меняет только владелец программы';

const mayChangeFiscal = (caller: AuditActor['caller']) =>
  caller.kind === 'token' || (caller.kind === 'staff' && roleAllows(caller.role, 'fiscal.write'));

/** The same values, whatever the keys' order (a form sends them in its own). */
function sameFiscal(given: unknown, stored: BrandSettings['fiscal']): boolean {
  if (typeof given !== 'object' || given === null) return false;
  const g = given as Record<string, unknown>;
  const s = stored as unknown as Record<string, unknown>;
  const keys = new Set([...Object.keys(g), ...Object.keys(s)]);
  return [...keys].every((k) => (g[k] ?? null) === (s[k] ?? null));
}

export function keepFiscalSettings(
  caller: AuditActor['caller'],
  input: unknown,
  stored: BrandSettings | null,
): unknown {
  if (mayChangeFiscal(caller) || !stored || typeof input !== 'object' || input === null) return input;
  const given = (input as { fiscal?: unknown }).fiscal;
  if (given === undefined) return { ...input, fiscal: stored.fiscal };
  if (!sameFiscal(given, stored.fiscal)) throw new AppError('FORBIDDEN', FISCAL_SETTINGS_OWNER_ONLY);
  return input;
}

export const GATEWAY_NEEDS_BANK =
  'Чеки через платёжный шлюз выдаёт только банк: подключите эквайринг RBS (ACQUIRER=rbs)';

/**
 * The `gateway` mode needs a gateway that takes the receipt's cart (decision 080): the RBS acquirer, or outside
 * production the sandbox, which checks the cart as RBS does (the demo). In production the sandbox issues no
 * receipt, so a brand that chose the mode there would believe its receipts go out while none did: a 400.
 */
export function checkGatewayMode(input: unknown, acquirer: string, isProduction: boolean): void {
  const mode = (input as { fiscal?: { mode?: unknown } } | null)?.fiscal?.mode;
  if (mode !== 'gateway') return;
  if (acquirer === 'rbs' || (acquirer === 'sandbox' && !isProduction)) return;
  throw new AppError('VALIDATION', GATEWAY_NEEDS_BANK);
}
