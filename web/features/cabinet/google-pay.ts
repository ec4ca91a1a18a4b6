import type { WalletOffer } from '#common/contract/bindings';

/**
 * Google Pay through the browser's Payment Request API (no script of Google's is loaded: Chromium-based browsers
 * carry the Google Pay method themselves, and the site's CSP allows no foreign script). Used only when the
 * server names a gateway's Google Pay parameters (docs/decisions/022); no gateway does yet, so this path has not
 * met a real Google Pay sheet.
 */
type GooglePayOffer = Extract<WalletOffer, { mode: 'google-pay' }>;

const METHOD = 'https://google.com/pay';

function methodData(offer: GooglePayOffer) {
  return {
    environment: offer.environment,
    apiVersion: 2,
    apiVersionMinor: 0,
    merchantInfo: { merchantId: offer.merchantId, merchantName: offer.merchantName },
    allowedPaymentMethods: [
      {
        type: 'CARD',
        parameters: {
          allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
          allowedCardNetworks: ['VISA', 'MASTERCARD'],
        },
        tokenizationSpecification: {
          type: 'PAYMENT_GATEWAY',
          parameters: { gateway: offer.gateway, gatewayMerchantId: offer.gatewayMerchantId },
        },
      },
    ],
  };
}

/** A card check, not a purchase: the sheet shows a zero total. */
const details = () => ({
  total: { label: 'Привязка карты', amount: { currency: 'RUB', value: '0.00' } },
});

const request = (offer: GooglePayOffer) =>
  new PaymentRequest([{ supportedMethods: METHOD, data: methodData(offer) }], details());

/** Whether this browser can really pay with Google Pay (false where Payment Request or the method is missing). */
export async function googlePayAvailable(offer: GooglePayOffer): Promise<boolean> {
  if (typeof window === 'undefined' || typeof window.PaymentRequest !== 'function') return false;
  try {
    return await request(offer).canMakePayment();
  } catch {
    return false;
  }
}

/** The sheet's payment token, base64 as the server takes it; null when the customer closed the sheet. */
export async function googlePayToken(offer: GooglePayOffer): Promise<string | null> {
  let response: PaymentResponse;
  try {
    response = await request(offer).show();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    throw error;
  }
  const data = response.details as { paymentMethodData?: { tokenizationData?: { token?: string } } };
  const token = data.paymentMethodData?.tokenizationData?.token;
  // The sheet closes at once: whether the card is saved is the server's answer, shown on the page.
  await response.complete(token ? 'success' : 'fail');
  if (!token) throw new Error('Google Pay gave no token');
  return btoa(String.fromCharCode(...new TextEncoder().encode(token)));
}
