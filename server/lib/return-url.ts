import type { AppDeps } from '../app-deps';
import { AppError } from '../errors';

/**
 * A gateway sends the payer back to `returnUrl` after the bank's page: only an address of this site is
 * accepted, so a payment or a card binding can never be used to redirect someone elsewhere.
 */
export function checkReturnUrl(deps: Pick<AppDeps, 'config'>, returnUrl: string) {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    throw new AppError('VALIDATION', 'returnUrl: адрес этого сайта', { fields: { returnUrl: 'адрес' } });
  }
  if (url.origin !== new URL(deps.config.publicUrl).origin) {
    throw new AppError('VALIDATION', 'returnUrl: только адрес этого сайта', {
      fields: { returnUrl: 'только адрес этого сайта' },
    });
  }
}
