import type { SbpBank } from '#common/contract/sbp';

/** Where the picker runs: a bank app can be opened on iOS and Android; elsewhere a phone has to scan a QR. */
export type BankPlatform = 'ios' | 'android' | 'desktop';

/**
 * Reads the platform from the user agent. iPadOS 13+ says "Macintosh", so a Mac with a touch screen counts as
 * iOS (Macs have none).
 */
export function detectPlatform(userAgent: string, maxTouchPoints = 0): BankPlatform {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  return 'desktop';
}

type LinkBank = Pick<SbpBank, 'schema' | 'package_name'>;

/**
 * The link that opens a bank's app on an SBP payment link (docs/design/product.md "Payments"):
 * - iOS: the payment link with `https` replaced by the bank's scheme, which the bank app registers;
 * - elsewhere: an Android intent naming the scheme and package, falling back to the https link in the
 *   browser when the app is not installed (no `package=` when NSPK gives none).
 */
export function bankAppLink(paymentLink: string, bank: LinkBank, platform: BankPlatform): string {
  const rest = paymentLink.replace(/^https?:\/\//i, '');
  if (platform === 'ios') return `${bank.schema}://${rest}`;
  const parts = [`intent://${rest}#Intent`, `scheme=${bank.schema}`];
  if (bank.package_name) parts.push(`package=${bank.package_name}`);
  parts.push(`S.browser_fallback_url=${encodeURIComponent(paymentLink)}`, 'end');
  return parts.join(';');
}
