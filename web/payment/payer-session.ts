import { createApiClient, type ApiClient, type TokenStore } from '../lib/api-client';
import { clearTokens, readAccessToken, readRefreshToken, saveTokens } from '../lib/auth-tokens';
import { markSessionLost } from '../lib/session';

/**
 * Who pays on /loyalty (spec section 1: "Visitors without a stored token pair receive a temporary loyalty
 * user in the payment flow"). A logged-in customer pays with their own pair. A visitor gets a temporary
 * user whose pair is kept under its own keys, so the site does not show them as logged in and the cabinet
 * never opens for a phone-less account (docs/decisions/013-payment-pages.md).
 */
/** Everything the payment pages keep about the payer; the draft and balance are never shared across payers. */
export const PAYER_KEY = ['loyalty'] as const;

const PAYER_ACCESS_KEY = 'loyaltyAccessToken';
const PAYER_REFRESH_KEY = 'loyaltyRefreshToken';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

const temporary = {
  readAccess: () => storage()?.getItem(PAYER_ACCESS_KEY) ?? null,
  readRefresh: () => storage()?.getItem(PAYER_REFRESH_KEY) ?? null,
  save(access: string, refresh: string) {
    storage()?.setItem(PAYER_ACCESS_KEY, access);
    storage()?.setItem(PAYER_REFRESH_KEY, refresh);
  },
  clear() {
    storage()?.removeItem(PAYER_ACCESS_KEY);
    storage()?.removeItem(PAYER_REFRESH_KEY);
  },
};

/** The customer's own pair wins; a temporary pair is used only while no one is logged in. */
const customerLoggedIn = () => readAccessToken() !== null;

/** Whose pair the client just dropped: the customer's loss is the site's authorization error. */
let lostCustomer = false;

const payerTokens: TokenStore = {
  readRefresh: () => (customerLoggedIn() ? readRefreshToken() : temporary.readRefresh()),
  save: (access, refresh) =>
    customerLoggedIn() ? saveTokens(access, refresh) : temporary.save(access, refresh),
  clear() {
    lostCustomer = customerLoggedIn();
    if (lostCustomer) clearTokens();
    else temporary.clear();
  },
};

/** Whether this browser can pay now: a customer's pair or a temporary one is stored. */
export function hasPayer(): boolean {
  return customerLoggedIn() || temporary.readAccess() !== null;
}

/** Forgets a temporary payer whose session the server refused, so the next attempt starts a new one. */
export function forgetTemporaryPayer() {
  temporary.clear();
}

/**
 * The API client of the payment pages: it sends the customer's token, or the temporary payer's, and
 * refreshes whichever is in use. A lost customer session is the site's authorization error as everywhere.
 */
function createPayerApi(): ApiClient {
  return createApiClient({
    fetch: (path, init) => window.fetch(path, init),
    getAccessToken: () => readAccessToken() ?? temporary.readAccess(),
    tokens: payerTokens,
    onSessionLost: () => {
      if (lostCustomer) markSessionLost();
    },
  });
}

let creating: Promise<void> | null = null;

/**
 * Makes sure a payer exists: a visitor with no pair gets a temporary loyalty user (`createUser`). Calls that
 * meet while one is being created wait for it, so a page never makes two.
 */
export function ensurePayer(api: ApiClient): Promise<void> {
  if (hasPayer()) return Promise.resolve();
  creating ??= api
    .request('POST /api/loyalty/createUser', { body: {} })
    .then((pair) => temporary.save(pair.token, pair.refresh))
    .finally(() => {
      creating = null;
    });
  return creating;
}

let payerApi: ApiClient | null = null;

/** The one payer client of this browser tab. */
export function payerApiClient(): ApiClient {
  payerApi ??= createPayerApi();
  return payerApi;
}
