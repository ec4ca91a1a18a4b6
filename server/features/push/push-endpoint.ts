import { checkOutboundUrl, type ResolveHost, type UrlRefusal } from '#server/core/events/endpoint-url';
import { AppError } from '#server/errors';

const refused = (message: string) => new AppError('PUSH_ENDPOINT_REFUSED', message);

/**
 * A push subscription's endpoint (decision 077). The browser chooses it (FCM, Mozilla's autopush, Apple's, the
 * Windows service…), so no list of services is kept; but any caller with a member's token could post a URL,
 * and the server will POST to it, so it is checked as a webhook's address is (decision 073): https only in
 * production, no user or password, and no private, loopback, link-local or metadata address, every address the
 * host resolves to checked. Outside production http on the loopback is taken too (the tests' fake service).
 */
const PUSH_REFUSALS: Record<UrlRefusal, (host: string) => string> = {
  unreadable: () => 'Адрес подписки не похож на ссылку',
  credentials: () => 'В адресе подписки не должно быть имени и пароля',
  'not-https': () => 'Адрес подписки должен начинаться с https://',
  unresolved: (host) => `Не удалось найти адрес ${host}`,
  private: () => 'Адрес подписки ведёт во внутреннюю сеть: такой службы уведомлений нет',
};

export function checkPushEndpoint(
  raw: string,
  options: { production: boolean; resolve?: ResolveHost },
): Promise<string> {
  return checkOutboundUrl(raw, { ...options, refuse: (why, host) => refused(PUSH_REFUSALS[why](host)) });
}
